package org.profq.recording;

import static org.profq.format.RecordingFormat.*;

import java.util.Locale;

/**
 * What a parameter of a value-profiled call was, as the {@code params} table names it: a
 * primitive (or its box) by value, a string by its hash, an enum constant, null, or an object or
 * array by its id. {@code byte} and {@code short} are {@link #INT}s, {@code float}s are
 * {@link #DOUBLE}s; the parameter's type keeps the exact type.
 */
public enum ValueKind {
    INT, LONG, DOUBLE, BOOLEAN, CHAR, STRING, ENUM, NULL, OBJECT, ARRAY;

    private static final ValueKind[] ALL = values();

    /** The lower-case name the {@code params} table shows. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind with this {@link #ordinal()}. */
    public static ValueKind ofOrdinal(int ordinal) {
        return ALL[ordinal];
    }

    /** The kind of a primitive type of {@code EV_VALUE_PRIMITIVE} ({@code VALUE_INT}, ..., boxed or not). */
    public static ValueKind ofPrimitive(int primitiveType) {
        return switch (primitiveType & ~VALUE_BOXED) {
            case VALUE_BOOLEAN -> BOOLEAN;
            case VALUE_CHAR -> CHAR;
            case VALUE_BYTE, VALUE_SHORT, VALUE_INT -> INT;
            case VALUE_LONG -> LONG;
            case VALUE_FLOAT, VALUE_DOUBLE -> DOUBLE;
            default -> throw new IllegalArgumentException("not a primitive value type: " + primitiveType);
        };
    }

    /** Whether {@code primitiveType} is one the recorder writes. */
    static boolean isPrimitiveType(int primitiveType) {
        int type = primitiveType & ~VALUE_BOXED;
        return type >= VALUE_BOOLEAN && type <= VALUE_DOUBLE && (primitiveType & ~(VALUE_BOXED | 0xF)) == 0;
    }

    /** The Java type of a primitive type: {@code int}, or {@code java.lang.Integer} when boxed. */
    public static String primitiveTypeName(int primitiveType) {
        boolean boxed = (primitiveType & VALUE_BOXED) != 0;
        return switch (primitiveType & ~VALUE_BOXED) {
            case VALUE_BOOLEAN -> boxed ? "java.lang.Boolean" : "boolean";
            case VALUE_BYTE -> boxed ? "java.lang.Byte" : "byte";
            case VALUE_CHAR -> boxed ? "java.lang.Character" : "char";
            case VALUE_SHORT -> boxed ? "java.lang.Short" : "short";
            case VALUE_INT -> boxed ? "java.lang.Integer" : "int";
            case VALUE_LONG -> boxed ? "java.lang.Long" : "long";
            case VALUE_FLOAT -> boxed ? "java.lang.Float" : "float";
            case VALUE_DOUBLE -> boxed ? "java.lang.Double" : "double";
            default -> throw new IllegalArgumentException("not a primitive value type: " + primitiveType);
        };
    }

    /**
     * A primitive value as Java would print it ({@code 42}, {@code 2.5}, {@code true}, {@code x}):
     * {@code value} is the integral value, the character's code, 0 or 1, or a float's or double's
     * raw bits.
     */
    public static String primitiveText(int primitiveType, long value) {
        return switch (primitiveType & ~VALUE_BOXED) {
            case VALUE_BOOLEAN -> Boolean.toString(value != 0);
            case VALUE_CHAR -> String.valueOf((char) value);
            case VALUE_FLOAT -> Float.toString(Float.intBitsToFloat((int) value));
            case VALUE_DOUBLE -> Double.toString(Double.longBitsToDouble(value));
            default -> Long.toString(value);
        };
    }

    /** How the {@code params} table shows a string parameter recorded without its text: {@code #} and 16 hex digits. */
    public static String hashText(long hash) {
        return String.format("#%016x", hash);
    }
}
