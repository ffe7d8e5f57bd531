package org.profq.engine.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One parameter of a saved report: its name (referred to as {@code :name} in the report's
 * SQL), SQL type, default and meaning, and for a VARCHAR that is a choice the values it may
 * take ({@code choices}, the default first; empty when any value will do). Values are
 * converted to the type here and bound as JDBC parameters, never spliced into the SQL text.
 */
public record ReportParameter(String name, Type type, Object defaultValue, String meaning, List<String> choices) {

    public ReportParameter {
        choices = List.copyOf(choices);
    }

    /** A parameter that takes any value of its type. */
    public ReportParameter(String name, Type type, Object defaultValue, String meaning) {
        this(name, type, defaultValue, meaning, List.of());
    }

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

    /** {@code text} as this parameter's value; IllegalArgumentException with a sentence if it is not one of the choices. */
    public Object valueOf(String text) {
        Object value = type.convert(name, text);
        if (!choices.isEmpty() && !choices.contains(value)) {
            List<String> quoted = choices.stream().map(ReportParameter::quoted).toList();
            throw new IllegalArgumentException("the parameter " + name + " takes "
                    + String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.get(quoted.size() - 1)
                    + ", and '" + text + "' is not one of them.");
        }
        return value;
    }

    /** The choices as the header writes them, {@code 'cpu'|'wall'}; empty when the parameter takes any value. */
    public String choicesText() {
        return choices.stream().map(ReportParameter::quoted).collect(Collectors.joining("|"));
    }

    private static String quoted(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** The default as the header writes it: a number, true/false, or a quoted string. */
    public String defaultText() {
        return type == Type.VARCHAR ? quoted(String.valueOf(defaultValue)) : String.valueOf(defaultValue);
    }
}
