package org.profq.event;

import org.aspectj.lang.JoinPoint;
import org.aspectj.lang.Signature;
import org.aspectj.lang.reflect.CodeSignature;
import org.aspectj.lang.reflect.ConstructorSignature;
import org.aspectj.lang.reflect.InitializerSignature;
import org.aspectj.lang.reflect.MethodSignature;
import org.aspectj.lang.reflect.SourceLocation;

/**
 * What the recording keeps of a method a join point executes, calls or encloses ({@code DOC_METHOD}).
 * From a {@link NamedSignature} it is string work; from a signature AspectJ made (profq's own
 * calibration, or a join point kind profq does not name) it reads the types AspectJ resolved when it
 * made the signature.
 */
record MethodNames(String className, String name, String descriptor, int modifiers, String sourceFile, int line) {
    static MethodNames of(JoinPoint.StaticPart staticPart) {
        Signature signature = staticPart.getSignature();
        SourceLocation location = staticPart.getSourceLocation();
        String sourceFile = location == null || location.getFileName() == null ? "" : location.getFileName();
        int line = location == null ? 0 : Math.max(0, location.getLine());
        if (signature instanceof NamedSignature named) {
            return new MethodNames(named.getDeclaringTypeName(), named.recordedName(), named.descriptor(), named.getModifiers(),
                    sourceFile, line);
        }
        return new MethodNames(signature.getDeclaringTypeName(), resolvedName(signature), resolvedDescriptor(signature),
                signature.getModifiers(), sourceFile, line);
    }

    private static String resolvedName(Signature signature) {
        if (signature instanceof ConstructorSignature) {
            return "<init>";
        }
        if (signature instanceof InitializerSignature) {
            return java.lang.reflect.Modifier.isStatic(signature.getModifiers()) ? "<clinit>" : "<init>";
        }
        return signature.getName();
    }

    /** The JVM descriptor, e.g. {@code (I[Ljava/lang/String;)V}. */
    private static String resolvedDescriptor(Signature signature) {
        if (!(signature instanceof CodeSignature code)) {
            return "()V";
        }
        StringBuilder out = new StringBuilder("(");
        for (Class<?> parameter : code.getParameterTypes()) {
            out.append(parameter.descriptorString());
        }
        out.append(')');
        out.append(signature instanceof MethodSignature method ? method.getReturnType().descriptorString() : "V");
        return out.toString();
    }
}
