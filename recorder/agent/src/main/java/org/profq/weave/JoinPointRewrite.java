package org.profq.weave;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Makes the static initialisers the weaver adds build profq's join point names instead of
 * AspectJ's signatures. AspectJ's woven {@code ajc$preClinit} calls {@code Factory.makeMethodSig},
 * {@code makeConstructorSig}, {@code makeFieldSig} and the like with the member's names as strings,
 * and AspectJ resolves every type in them then and there ({@code Class.forName}, catching only
 * {@code ClassNotFoundException}): a parameter type whose own superclass is missing from the class
 * path throws {@code NoClassDefFoundError} out of the class's initialisation, and a program that
 * never touches that type dies under profq alone. It also loads classes the program never would.
 *
 * <p>Each such {@code invokevirtual Factory.m(args)} becomes {@code invokestatic
 * JoinPointNames.m(Factory, args)}: the same operands on the stack and a result of the same type,
 * so the code around it, its stack sizes and its stack map frames stay as they are.
 * {@code JoinPointNames} makes the signatures and static parts from the strings alone, never
 * throwing ({@link org.profq.event.JoinPointNames}). Only the calls listed in {@link #REPLACED}
 * are rewritten, each with a method of the same name and parameters (after the factory) there;
 * other factory methods (locks, and the forms taking {@code Class} arguments, which this weaver's
 * configuration does not produce) are left as they are. Classes without a reference to the
 * factory are returned untouched, unparsed; in the others, only the methods that make static
 * parts are visited, and the rest are copied as they are.
 */
final class JoinPointRewrite {
    static final String FACTORY = "org/aspectj/runtime/reflect/Factory";
    static final String NAMES = "org/profq/event/JoinPointNames";
    private static final byte[] FACTORY_BYTES = FACTORY.getBytes(StandardCharsets.UTF_8);
    private static final String SIGNATURE = "Lorg/aspectj/lang/Signature;";
    private static final String STRING = "Ljava/lang/String;";

    /** The factory methods rewritten: name and descriptor, as woven code calls them. */
    static final Set<String> REPLACED = Set.of(
            "makeMethodSig(" + STRING.repeat(7) + ")Lorg/aspectj/lang/reflect/MethodSignature;",
            "makeConstructorSig(" + STRING.repeat(5) + ")Lorg/aspectj/lang/reflect/ConstructorSignature;",
            "makeFieldSig(" + STRING.repeat(4) + ")Lorg/aspectj/lang/reflect/FieldSignature;",
            "makeInitializerSig(" + STRING.repeat(2) + ")Lorg/aspectj/lang/reflect/InitializerSignature;",
            "makeCatchClauseSig(" + STRING.repeat(3) + ")Lorg/aspectj/lang/reflect/CatchClauseSignature;",
            "makeAdviceSig(" + STRING.repeat(7) + ")Lorg/aspectj/lang/reflect/AdviceSignature;",
            "makeSJP(" + STRING + SIGNATURE + "I)Lorg/aspectj/lang/JoinPoint$StaticPart;",
            "makeSJP(" + STRING + SIGNATURE + "II)Lorg/aspectj/lang/JoinPoint$StaticPart;",
            "makeSJP(" + STRING + SIGNATURE + "Lorg/aspectj/lang/reflect/SourceLocation;)Lorg/aspectj/lang/JoinPoint$StaticPart;",
            "makeESJP(" + STRING + SIGNATURE + "I)Lorg/aspectj/lang/JoinPoint$EnclosingStaticPart;",
            "makeESJP(" + STRING + SIGNATURE + "II)Lorg/aspectj/lang/JoinPoint$EnclosingStaticPart;",
            "makeESJP(" + STRING + SIGNATURE + "Lorg/aspectj/lang/reflect/SourceLocation;)Lorg/aspectj/lang/JoinPoint$EnclosingStaticPart;");

    /** The woven class with its join points made by profq's names; {@code woven} itself when it makes none. */
    static byte[] rewrite(byte[] woven) {
        if (!mentionsFactory(woven)) {
            return woven;
        }
        ClassReader reader = new ClassReader(woven);
        // Given the reader, the writer copies the constant pool and every method the visitor below passes through unchanged.
        ClassWriter writer = new ClassWriter(reader, 0);
        boolean[] rewritten = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                return makesStaticParts(name) ? new FactoryCalls(next, rewritten) : next;
            }
        }, 0);
        return rewritten[0] ? writer.toByteArray() : woven;
    }

    /**
     * AspectJ makes a woven class's static parts in {@code ajc$preClinit} (split into
     * {@code ajc$preClinit1}, ... when there are many), which the static initialiser calls.
     */
    private static boolean makesStaticParts(String methodName) {
        return methodName.startsWith("ajc$preClinit") || methodName.equals("<clinit>");
    }

    /**
     * Whether the class file's bytes hold the factory's internal name (a constant pool entry):
     * cheaper than parsing the class, and false for a woven class that makes no static part (its
     * advice needs none, or AspectJ made them elsewhere).
     */
    private static boolean mentionsFactory(byte[] classFile) {
        return contains(classFile, FACTORY_BYTES);
    }

    /** Whether {@code bytes} hold {@code part} anywhere: a constant pool entry, without parsing the class. */
    static boolean contains(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i <= bytes.length - part.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Rewrites a method's calls of the factory methods in {@link #REPLACED}. */
    private static final class FactoryCalls extends MethodVisitor {
        private final boolean[] rewritten;

        FactoryCalls(MethodVisitor next, boolean[] rewritten) {
            super(Opcodes.ASM9, next);
            this.rewritten = rewritten;
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(FACTORY) && REPLACED.contains(name + descriptor)) {
                rewritten[0] = true;
                super.visitMethodInsn(Opcodes.INVOKESTATIC, NAMES, name, "(L" + FACTORY + ";" + descriptor.substring(1), false);
            } else {
                super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            }
        }
    }

    private JoinPointRewrite() {
    }
}
