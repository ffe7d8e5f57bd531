package org.profq.cli.output;

/** JSON literals for result values and for the data the HTML pages embed. */
public final class Json {
    /** {@code value} as a JSON literal: numbers and booleans bare, null as null, the rest as strings. */
    public static String value(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            return Double.isNaN(number) || Double.isInfinite(number) ? "null" : String.valueOf(value);
        }
        if (value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        return string(String.valueOf(value));
    }

    /** A JSON string literal, as JSON output prints it: {@code <init>} stays {@code <init>}. */
    public static String string(String text) {
        return string(text, false);
    }

    /** A JSON string literal with '<' escaped too, so the text can sit inside an HTML script element. */
    public static String stringInScript(String text) {
        return string(text, true);
    }

    private static String string(String text, boolean inScript) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '<' -> out.append(inScript ? "\\u003c" : "<");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private Json() {
    }
}
