package org.profq.event;

import static org.profq.format.RecordingFormat.*;

/**
 * Type names as woven code spells them ({@code Class.getName()}'s form: {@code int},
 * {@code a.B$C}, {@code [I}, {@code [La.B;}), turned into what the recording keeps, by string
 * work alone: no class is looked up or loaded.
 */
final class TypeNames {
    /** The JVM descriptor of a type name: {@code I}, {@code La/B$C;}, {@code [I}. */
    static String descriptor(String name) {
        String type = erased(name);
        if (type.startsWith("[")) {
            return type.replace('.', '/');
        }
        return switch (type) {
            case "int" -> "I";
            case "long" -> "J";
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            case "float" -> "F";
            case "double" -> "D";
            case "void" -> "V";
            default -> "L" + type.replace('.', '/') + ";";
        };
    }

    /** A method descriptor from its parameter type names ({@code :}-separated, empty for none) and return type name. */
    static String methodDescriptor(String parameterTypes, String returnType) {
        StringBuilder out = new StringBuilder("(");
        for (String parameter : split(parameterTypes)) {
            out.append(descriptor(parameter));
        }
        return out.append(')').append(descriptor(returnType)).toString();
    }

    /** The name {@code Class.getTypeName()} would give: arrays as {@code int[]}, {@code a.B[][]}. */
    static String typeName(String name) {
        String type = erased(name);
        int dimensions = 0;
        while (dimensions < type.length() && type.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions == 0) {
            return type;
        }
        String element = type.substring(dimensions);
        String elementName = switch (element) {
            case "I" -> "int";
            case "J" -> "long";
            case "Z" -> "boolean";
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "F" -> "float";
            case "D" -> "double";
            default -> element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : element;
        };
        return elementName.replace('/', '.') + "[]".repeat(dimensions);
    }

    /** The value kind ({@code VALUE_*}) of a primitive type's name; 0 for any other type. */
    static int primitiveKind(String name) {
        return switch (name) {
            case "int" -> VALUE_INT;
            case "long" -> VALUE_LONG;
            case "boolean" -> VALUE_BOOLEAN;
            case "double" -> VALUE_DOUBLE;
            case "char" -> VALUE_CHAR;
            case "byte" -> VALUE_BYTE;
            case "short" -> VALUE_SHORT;
            case "float" -> VALUE_FLOAT;
            default -> 0;
        };
    }

    /** The names in a {@code :}-separated list; none for the empty string. */
    static String[] split(String names) {
        return names == null || names.isEmpty() ? new String[0] : names.split(":", -1);
    }

    /** The primitive type (or {@code void}) of this name; null for any other type. */
    static Class<?> primitiveClass(String name) {
        return switch (name) {
            case "int" -> int.class;
            case "long" -> long.class;
            case "boolean" -> boolean.class;
            case "byte" -> byte.class;
            case "char" -> char.class;
            case "short" -> short.class;
            case "float" -> float.class;
            case "double" -> double.class;
            case "void" -> void.class;
            default -> null;
        };
    }

    /** Without type arguments, should a name carry any ({@code java.util.List<java.lang.String>}). */
    static String erased(String name) {
        int open = name.indexOf('<');
        if (open < 0) {
            return name;
        }
        StringBuilder out = new StringBuilder(name.length());
        int depth = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            } else if (depth == 0) {
                out.append(c);
            }
        }
        return out.toString();
    }

    private TypeNames() {
    }
}
