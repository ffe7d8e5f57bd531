package org.profq.recording;

import java.util.ArrayList;
import java.util.List;

import org.profq.format.RecordingFormat;

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

    /** A field's readable name: its declaring class and name, {@code a.B.count}. */
    public static String field(Recording recording, int fieldId) {
        FieldInfo field = recording.field(fieldId);
        return recording.classInfo(field.classId()).name() + "." + field.name();
    }

    /** A Java method's {@code a.B.sum(int)}; one of profq's own pseudo-methods is {@code <profq: weaving>}. */
    public static String readable(String className, String methodName, String descriptor) {
        if (className.equals(RecordingFormat.PROFQ_CLASS)) {
            return "<profq: " + methodName + ">";
        }
        return className + (className.isEmpty() ? "" : ".") + methodName + "(" + String.join(", ", parameterTypes(descriptor)) + ")";
    }

    /** The parameter types of a JVM descriptor, readable: {@code (I[Ljava/lang/String;)V} → int, java.lang.String[]. */
    public static List<String> parameterTypes(String descriptor) {
        List<String> types = new ArrayList<>();
        int end = descriptor.indexOf(')');
        int position = descriptor.startsWith("(") ? 1 : 0;
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
            types.add(type + "[]".repeat(dimensions));
        }
        return types;
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
