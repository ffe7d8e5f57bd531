package org.profq.engine.report;

import java.util.Locale;

/**
 * One parameter of a saved report: its name (referred to as {@code :name} in the report's
 * SQL), SQL type, default and meaning. Values are converted to the type here and bound as
 * JDBC parameters, never spliced into the SQL text.
 */
public record ReportParameter(String name, Type type, Object defaultValue, String meaning) {

    /** The types a parameter can have, with the Java class it is bound as. */
    public enum Type {
        BIGINT, DOUBLE, VARCHAR, BOOLEAN;

        /** {@code text} converted to this type; IllegalArgumentException with a sentence if it is not one. */
        Object convert(String parameter, String text) {
            String value = text.strip();
            try {
                return switch (this) {
                    case BIGINT -> Long.parseLong(value);
                    case DOUBLE -> Double.parseDouble(value);
                    case BOOLEAN -> switch (value.toLowerCase(Locale.ROOT)) {
                        case "true" -> Boolean.TRUE;
                        case "false" -> Boolean.FALSE;
                        default -> throw new NumberFormatException();
                    };
                    case VARCHAR -> text;
                };
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the parameter " + parameter + " is a " + this
                        + (this == BOOLEAN ? " (true or false)" : "") + ", and '" + text + "' is not one.");
            }
        }
    }

    /** {@code text} as this parameter's value. */
    public Object valueOf(String text) {
        return type.convert(name, text);
    }

    /** The default as the header writes it: a number, true/false, or a quoted string. */
    public String defaultText() {
        return type == Type.VARCHAR ? "'" + String.valueOf(defaultValue).replace("'", "''") + "'" : String.valueOf(defaultValue);
    }
}
