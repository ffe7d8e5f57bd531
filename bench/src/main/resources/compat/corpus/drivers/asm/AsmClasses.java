package profq.corpus;

import java.util.function.IntBinaryOperator;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** ASM: a class written instruction by instruction (with computed frames), defined by its own class loader. */
public class AsmClasses {
    static final class Loader extends ClassLoader {
        Loader(ClassLoader parent) { super(parent); }
        Class<?> define(String name, byte[] bytes) { return defineClass(name, bytes, 0, bytes.length); }
    }

    static byte[] gcdClass() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, "profq/corpus/Gcd", null, "java/lang/Object",
                new String[] {"java/util/function/IntBinaryOperator"});
        MethodVisitor init = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        init.visitCode();
        init.visitVarInsn(Opcodes.ALOAD, 0);
        init.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        init.visitInsn(Opcodes.RETURN);
        init.visitMaxs(0, 0);
        init.visitEnd();
        MethodVisitor gcd = cw.visitMethod(Opcodes.ACC_PUBLIC, "applyAsInt", "(II)I", null, null);
        gcd.visitCode();
        org.objectweb.asm.Label loop = new org.objectweb.asm.Label();
        org.objectweb.asm.Label done = new org.objectweb.asm.Label();
        gcd.visitLabel(loop);
        gcd.visitVarInsn(Opcodes.ILOAD, 2);
        gcd.visitJumpInsn(Opcodes.IFEQ, done);
        gcd.visitVarInsn(Opcodes.ILOAD, 1);
        gcd.visitVarInsn(Opcodes.ILOAD, 2);
        gcd.visitInsn(Opcodes.IREM);
        gcd.visitVarInsn(Opcodes.ILOAD, 2);
        gcd.visitVarInsn(Opcodes.ISTORE, 1);
        gcd.visitVarInsn(Opcodes.ISTORE, 2);
        gcd.visitJumpInsn(Opcodes.GOTO, loop);
        gcd.visitLabel(done);
        gcd.visitVarInsn(Opcodes.ILOAD, 1);
        gcd.visitInsn(Opcodes.IRETURN);
        gcd.visitMaxs(0, 0);
        gcd.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        Class<?> type = new Loader(AsmClasses.class.getClassLoader()).define("profq.corpus.Gcd", gcdClass());
        IntBinaryOperator gcd = (IntBinaryOperator) type.getDeclaredConstructor().newInstance();
        StringBuilder out = new StringBuilder();
        for (int i = 1; i <= 12; i++) {
            out.append(gcd.applyAsInt(i * 18, 84)).append(' ');
        }
        System.out.println("gcd(18i, 84): " + out.toString().trim());
    }
}
