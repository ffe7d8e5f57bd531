package org.profq.weave;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Where AspectJ's own printing goes in the agent: nowhere near the program's stdout and stderr.
 * Parts of AspectJ print straight to {@code System.err} instead of reporting through its message
 * handler or trace: its stack-map computation prints "AspectJ Internal Error: …" and a stack
 * trace for every class it fails on (81.5 MB of stderr on a Kotlin program).
 *
 * <p>The agent's build runs {@link #main} on {@code profq-agent.jar} after shading: in AspectJ's
 * classes every read of {@code System.out} or {@code System.err} becomes a read of
 * {@link #DISCARD}, and every {@code printStackTrace()} a call of {@link #printStackTrace}, which
 * notes the failure for the class being woven ({@link WeaverMessages}). This cannot be done as
 * the classes load: AspectJ loads most of them while it weaves, inside a class file transformer,
 * and the JVM does not transform classes loaded there.
 */
public final class AspectJOutput {
    /** What AspectJ's classes print to instead of the program's streams. */
    public static final PrintStream DISCARD = new PrintStream(OutputStream.nullOutputStream());

    private static final String OWN_NAME = AspectJOutput.class.getName().replace('.', '/');
    private static final String ASPECTJ_CLASSES = "org/aspectj/";

    /** AspectJ's class that computes stack map frames, and on failure hands back the woven class without them. */
    private static final String STACK_MAP_ADDER = "org/aspectj/weaver/bcel/asm/StackMapAdder";

    /** Called by AspectJ's rewritten code in place of {@code failure.printStackTrace()}. */
    public static void printStackTrace(Throwable failure) {
        WeaverMessages.noteFailure(String.valueOf(failure));
    }

    /** Called by AspectJ's rewritten stack-map computation in place of {@code failure.printStackTrace()}. */
    public static void stackMapsFailed(Throwable failure) {
        WeaverMessages.noteStackMapFailure(String.valueOf(failure));
    }

    /**
     * Rewrites AspectJ's classes in the jar {@code args[0]} in place, silently (a build step); fails
     * when it found none that prints, which would mean the jar's AspectJ is not the one this knows.
     */
    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".tmp");
        int changed = 0;
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
             ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(rewritten))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                byte[] content = in.readAllBytes();
                if (entry.getName().startsWith(ASPECTJ_CLASSES) && entry.getName().endsWith(".class")) {
                    byte[] silenced = silence(content);
                    changed += silenced == content ? 0 : 1;
                    content = silenced;
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                out.putNextEntry(copy);
                out.write(content);
                out.closeEntry();
            }
        }
        if (changed == 0) {
            Files.delete(rewritten);
            throw new IllegalStateException("no class of AspectJ's in " + jar + " prints: is it AspectJ's jar?");
        }
        Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
    }

    /** The class with its printing replaced; the same array if it prints nothing. */
    static byte[] silence(byte[] classFile) {
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0); // one instruction for one: stack sizes and frames stay
        String failureNote = reader.getClassName().equals(STACK_MAP_ADDER) ? "stackMapsFailed" : "printStackTrace";
        boolean[] changed = {false};
        reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String type) {
                        if (opcode == Opcodes.GETSTATIC && owner.equals("java/lang/System") && (field.equals("out") || field.equals("err"))) {
                            changed[0] = true;
                            super.visitFieldInsn(opcode, OWN_NAME, "DISCARD", type);
                        } else {
                            super.visitFieldInsn(opcode, owner, field, type);
                        }
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String type, boolean isInterface) {
                        if (opcode == Opcodes.INVOKEVIRTUAL && method.equals("printStackTrace") && type.equals("()V")) {
                            changed[0] = true;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, OWN_NAME, failureNote, "(Ljava/lang/Throwable;)V", false);
                        } else {
                            super.visitMethodInsn(opcode, owner, method, type, isInterface);
                        }
                    }
                };
            }
        }, 0);
        return changed[0] ? writer.toByteArray() : classFile;
    }

    private AspectJOutput() {
    }
}
