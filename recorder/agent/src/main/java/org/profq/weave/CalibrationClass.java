package org.profq.weave;

import static org.objectweb.asm.Opcodes.*;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The class file the overhead calibration calls in place ({@link CalibrationCallSites}), made at
 * run time because it must be outside {@code org.profq} (profq's aspects never advise profq's
 * own code) and must not be compiled by ajc with the agent (which would weave it). As Java:
 *
 * <pre>{@code
 * public final class CalledInPlace implements LongUnaryOperator {
 *     public long applyAsLong(long calls) {   // the caller: a loop of calls of a trivial method
 *         long x = calls;
 *         for (int i = 0; i < (int) calls; i++) {
 *             x = step(x);
 *         }
 *         return x;
 *     }
 *     static long step(long x) {              // the callee: a few instructions, inlined unprofiled
 *         return x ^ (x >>> 29);
 *     }
 * }
 * }</pre>
 */
final class CalibrationClass {
    /** Its binary name: no program has a package {@code profq.calibration} (profq's samples are in {@code profq.samples}). */
    static final String NAME = "profq.calibration.CalledInPlace";

    static byte[] bytes() {
        String internalName = NAME.replace('.', '/');
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        writer.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, internalName, null, "java/lang/Object",
                new String[] {"java/util/function/LongUnaryOperator"});
        writer.visitSource("CalledInPlace.java", null);

        MethodVisitor constructor = writer.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
        constructor.visitCode();
        constructor.visitVarInsn(ALOAD, 0);
        constructor.visitMethodInsn(INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        constructor.visitInsn(RETURN);
        constructor.visitMaxs(0, 0);
        constructor.visitEnd();

        MethodVisitor loop = writer.visitMethod(ACC_PUBLIC, "applyAsLong", "(J)J", null, null);
        loop.visitCode();
        loop.visitVarInsn(LLOAD, 1); // x = calls
        loop.visitVarInsn(LSTORE, 3);
        loop.visitVarInsn(LLOAD, 1); // n = (int) calls
        loop.visitInsn(L2I);
        loop.visitVarInsn(ISTORE, 5);
        loop.visitInsn(ICONST_0); // i = 0
        loop.visitVarInsn(ISTORE, 6);
        Label test = new Label();
        Label body = new Label();
        loop.visitJumpInsn(GOTO, test);
        loop.visitLabel(body);
        loop.visitVarInsn(LLOAD, 3); // x = step(x)
        loop.visitMethodInsn(INVOKESTATIC, internalName, "step", "(J)J", false);
        loop.visitVarInsn(LSTORE, 3);
        loop.visitIincInsn(6, 1);
        loop.visitLabel(test);
        loop.visitVarInsn(ILOAD, 6); // i < n
        loop.visitVarInsn(ILOAD, 5);
        loop.visitJumpInsn(IF_ICMPLT, body);
        loop.visitVarInsn(LLOAD, 3);
        loop.visitInsn(LRETURN);
        loop.visitMaxs(0, 0);
        loop.visitEnd();

        MethodVisitor step = writer.visitMethod(ACC_STATIC, "step", "(J)J", null, null);
        step.visitCode();
        step.visitVarInsn(LLOAD, 0);
        step.visitVarInsn(LLOAD, 0);
        step.visitIntInsn(BIPUSH, 29);
        step.visitInsn(LUSHR);
        step.visitInsn(LXOR);
        step.visitInsn(LRETURN);
        step.visitMaxs(0, 0);
        step.visitEnd();

        writer.visitEnd();
        return writer.toByteArray();
    }

    private CalibrationClass() {
    }
}
