package org.profq.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;

/** JSON literals for result values and for the data the HTML pages embed. */
public final class Json {
    private static final ObjectWriter PLAIN = new ObjectMapper().writer();
    private static final ObjectWriter IN_SCRIPT = PLAIN.with(new ScriptEscapes());

    /** {@code value} as a JSON literal: numbers and booleans bare, null (and a number that is not finite) as null, the rest as strings. */
    public static String value(Object value) {
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            return Double.isNaN(number) || Double.isInfinite(number) ? "null" : String.valueOf(value);
        }
        if (value == null || value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        return string(String.valueOf(value));
    }

    /** A JSON string literal, as JSON output prints it: {@code <init>} stays {@code <init>}. */
    public static String string(String text) {
        return write(PLAIN, text);
    }

    /** A JSON string literal with '<' escaped too, so the text can sit inside an HTML script element. */
    public static String stringInScript(String text) {
        return write(IN_SCRIPT, text);
    }

    private static String write(ObjectWriter writer, String text) {
        try {
            return writer.writeValueAsString(text);
        } catch (JsonProcessingException cannot) {
            throw new IllegalStateException("a string always has a JSON form", cannot);
        }
    }

    /** JSON's own escapes, and '<' as {@code \u003C}: the data cannot close the script element it sits in. */
    private static final class ScriptEscapes extends CharacterEscapes {
        private final int[] escapes = standardAsciiEscapesForJSON();

        ScriptEscapes() {
            escapes['<'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }

    private Json() {
    }
}
