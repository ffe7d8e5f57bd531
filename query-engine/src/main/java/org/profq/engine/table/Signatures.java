package org.profq.engine.table;

import org.profq.recording.MethodInfo;
import org.profq.recording.Recording;

/**
 * Readable method signatures from JVM descriptors: {@code a.B}, {@code sum}, {@code (I[Ljava/lang/String;)V}
 * → {@code a.B.sum(int, java.lang.String[])}. The return type stays in the descriptor.
 */
public final class Signatures {

    /** The readable signature of a recording's method; {@code <unknown>} for id 0, a call the weaver could not name. */
    public static String of(Recording recording, int methodId) {
        if (methodId == 0) {
            return "<unknown>";
        }
        MethodInfo method = recording.method(methodId);
        String owner = method.classId() == 0 ? "" : recording.classInfo(method.classId()).name();
        return readable(owner, method.name(), method.descriptor());
    }

    public static String readable(String className, String methodName, String descriptor) {
        StringBuilder out = new StringBuilder(className).append(className.isEmpty() ? "" : ".").append(methodName).append('(');
        int end = descriptor.indexOf(')');
        int position = descriptor.startsWith("(") ? 1 : 0;
        boolean first = true;
        while (end > 0 && position < end) {
            int dimensions = 0;
            while (descriptor.charAt(position) == '[') {
                dimensions++;
                position++;
            }
            char kind = descriptor.charAt(position);
            String type;
            if (kind == 'L') {
                int semicolon = descriptor.indexOf(';', position);
                type = descriptor.substring(position + 1, semicolon).replace('/', '.');
                position = semicolon + 1;
            } else {
                type = primitive(kind);
                position++;
            }
            out.append(first ? "" : ", ").append(type).append("[]".repeat(dimensions));
            first = false;
        }
        return out.append(')').toString();
    }

    private static String primitive(char kind) {
        return switch (kind) {
            case 'Z' -> "boolean";
            case 'B' -> "byte";
            case 'C' -> "char";
            case 'S' -> "short";
            case 'I' -> "int";
            case 'J' -> "long";
            case 'F' -> "float";
            case 'D' -> "double";
            case 'V' -> "void";
            default -> "?" + kind;
        };
    }

    private Signatures() {
    }
}
