package org.profq.recorder;

import java.io.IOException;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What the classes of a jar refer to, read from their bytecode: the members of one class they
 * use, and the members a class declares. Its {@link #main} runs on each JDK the tests know and
 * says which of {@code jdk.internal.misc.Unsafe}'s methods the agent's {@code InternalUnsafe}
 * calls that this JDK does not have (nothing when it has them all).
 */
public final class ClassReferences {
    static final String INTERNAL_UNSAFE = "org/profq/log/InternalUnsafe";

    /**
     * The members of {@code owner} (internal name) that the jar's other classes use, as
     * {@code name descriptor} (fields too), each with the first class that uses it.
     */
    static Map<String, String> usesOf(Path jar, String owner) throws IOException {
        Map<String, String> uses = new TreeMap<>();
        forEachClass(jar, (name, reader) -> {
            if (name.equals(owner)) {
                return;
            }
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String method, String descriptor, String signature, String[] exceptions) {
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String target, String member, String type, boolean isInterface) {
                            if (target.equals(owner)) {
                                uses.putIfAbsent(member + " " + type, name);
                            }
                        }

                        @Override
                        public void visitFieldInsn(int opcode, String target, String member, String type) {
                            if (target.equals(owner)) {
                                uses.putIfAbsent(member + " " + type, name);
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_FRAMES);
        });
        return uses;
    }

    /** The members {@code owner} declares, as {@code name descriptor}; {@code publicOnly}: public ones only. */
    static Set<String> declaredBy(Path jar, String owner, boolean publicOnly) throws IOException {
        Set<String> members = new TreeSet<>();
        forEachClass(jar, (name, reader) -> {
            if (!name.equals(owner)) {
                return;
            }
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public FieldVisitor visitField(int access, String field, String descriptor, String signature, Object value) {
                    if (!publicOnly || (access & Opcodes.ACC_PUBLIC) != 0) {
                        members.add(field + " " + descriptor);
                    }
                    return null;
                }

                @Override
                public MethodVisitor visitMethod(int access, String method, String descriptor, String signature, String[] exceptions) {
                    if (!publicOnly || (access & Opcodes.ACC_PUBLIC) != 0) {
                        members.add(method + " " + descriptor);
                    }
                    return null;
                }
            }, ClassReader.SKIP_CODE);
        });
        return members;
    }

    /** The classes of the jar whose bytes name {@code text} (in a descriptor, a class reference or a string). */
    static List<String> classesNaming(Path jar, String text) throws IOException {
        List<String> naming = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (ZipEntry entry : file.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
                // constant pool strings are modified UTF-8: ASCII names appear byte for byte
                String bytes = new String(file.getInputStream(entry).readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
                if (bytes.contains(text)) {
                    naming.add(entry.getName());
                }
            }
        }
        return naming;
    }

    /** Prints each method of {@code jdk.internal.misc.Unsafe} that InternalUnsafe, in the jar {@code args[0]}, calls and this JDK lacks. */
    public static void main(String[] args) throws Exception {
        Class<?> internal = Class.forName("jdk.internal.misc.Unsafe");
        Set<String> missing = new TreeSet<>();
        Set<String> called = new TreeSet<>();
        forEachClass(Path.of(args[0]), (name, reader) -> {
            if (!name.equals(INTERNAL_UNSAFE)) {
                return;
            }
            reader.accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String method, String descriptor, String signature, String[] exceptions) {
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int opcode, String target, String member, String type, boolean isInterface) {
                            if (target.equals("jdk/internal/misc/Unsafe")) {
                                called.add(member + type);
                                if (!declares(internal, member, type)) {
                                    missing.add(member + type);
                                }
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_FRAMES);
        });
        if (called.isEmpty()) {
            System.out.println("no call of jdk.internal.misc.Unsafe from " + INTERNAL_UNSAFE + " in " + args[0]);
        }
        missing.forEach(System.out::println);
    }

    private static boolean declares(Class<?> type, String name, String descriptor) {
        for (Method method : type.getDeclaredMethods()) {
            if (method.getName().equals(name)
                    && MethodType.methodType(method.getReturnType(), method.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                return true;
            }
        }
        return false;
    }

    private interface ClassAction {
        void accept(String internalName, ClassReader reader);
    }

    private static void forEachClass(Path jar, ClassAction action) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            for (ZipEntry entry : file.stream().filter(e -> e.getName().endsWith(".class") && !e.getName().startsWith("META-INF/")).toList()) {
                action.accept(entry.getName().substring(0, entry.getName().length() - ".class".length()),
                        new ClassReader(file.getInputStream(entry).readAllBytes()));
            }
        }
    }

    private ClassReferences() {
    }
}
