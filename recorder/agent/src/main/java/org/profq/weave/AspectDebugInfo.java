package org.profq.weave;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Whether an annotation-style aspect can be woven: AspectJ binds a pointcut's values
 * ({@code target(ball)}) to the advice's parameters by name, and reads the names from the class
 * file's local variable table, which javac writes only with {@code -g}. Without it (and without
 * the annotation's {@code argNames}) the weaver fails on every class the aspect would advise,
 * leaving them all unwoven; profq refuses such a jar before the program runs instead.
 */
final class AspectDebugInfo {
    private static final Set<String> ADVICE = Set.of("Around", "Before", "After", "AfterReturning", "AfterThrowing", "Pointcut");
    private static final String ANNOTATIONS = "Lorg/aspectj/lang/annotation/";
    /** Parameters AspectJ passes by type, never bound by name. */
    private static final Set<String> BY_TYPE = Set.of("org.aspectj.lang.JoinPoint", "org.aspectj.lang.ProceedingJoinPoint",
            "org.aspectj.lang.JoinPoint$StaticPart", "org.aspectj.lang.JoinPoint$EnclosingStaticPart");

    /** The first advice of the aspect class {@code classFile} whose parameter names AspectJ cannot read, as Class.method. */
    static Optional<String> adviceWithoutNames(byte[] classFile) {
        ClassNode aspect = new ClassNode();
        new ClassReader(classFile).accept(aspect, ClassReader.SKIP_FRAMES);
        for (MethodNode method : aspect.methods) {
            if (isAdvice(method) && !namedInAnnotation(method) && bindsByName(method)
                    && (method.localVariables == null || method.localVariables.isEmpty())) {
                return Optional.of(Type.getObjectType(aspect.name).getClassName() + "." + method.name);
            }
        }
        return Optional.empty();
    }

    private static boolean isAdvice(MethodNode method) {
        return annotations(method).stream().anyMatch(AspectDebugInfo::isAdviceAnnotation);
    }

    private static boolean isAdviceAnnotation(AnnotationNode annotation) {
        return annotation.desc.startsWith(ANNOTATIONS)
                && ADVICE.contains(annotation.desc.substring(ANNOTATIONS.length(), annotation.desc.length() - 1));
    }

    private static boolean namedInAnnotation(MethodNode method) {
        for (AnnotationNode annotation : annotations(method)) {
            if (isAdviceAnnotation(annotation) && annotation.values != null) {
                for (int i = 0; i + 1 < annotation.values.size(); i += 2) {
                    if ("argNames".equals(annotation.values.get(i)) && !String.valueOf(annotation.values.get(i + 1)).isBlank()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static boolean bindsByName(MethodNode method) {
        for (Type parameter : Type.getArgumentTypes(method.desc)) {
            if (!BY_TYPE.contains(parameter.getClassName())) {
                return true;
            }
        }
        return false;
    }

    private static List<AnnotationNode> annotations(MethodNode method) {
        return method.visibleAnnotations == null ? List.of() : method.visibleAnnotations;
    }

    private AspectDebugInfo() {
    }
}
