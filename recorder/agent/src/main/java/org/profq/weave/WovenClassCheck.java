package org.profq.weave;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;

/**
 * Checks every woven class against the JVM's verification rules before the JVM sees it, so that
 * weaving never turns a class the JVM accepts into one it rejects with a {@code VerifyError}
 * that kills the program. Which rules apply depends on the class file's version:
 * <ul>
 * <li>From version 51 (Java 7) the JVM only type-checks against the stack map frames, which
 * AspectJ computes for the woven code: {@link StackMapCheck}.</li>
 * <li>Below 50 there are no frames: the JVM infers the types at every instruction by data flow
 * through every path (the "old verifier"), which ASM's {@link Analyzer} does too.</li>
 * <li>Version 50 (Java 6) is both: the JVM type-checks the frames and, when that fails, verifies
 * the whole class again by inference. AspectJ adds no frames to version-50 classes (its
 * {@code LazyClassGen} computes them from version 51 on only) and drops the ones it finds, so a
 * woven version-50 class always goes to inference. AspectJ's call advice, which routes every
 * return to one exit, makes methods whose paths meet with different stack heights
 * ({@code dup; ifnonnull L; getstatic; areturn; L: areturn}), and inference rejects them — the
 * {@code VerifyError} then names the first failure, "Expecting a stackmap frame at branch
 * target", which hides the real one. Jython's compiled modules ({@code site$py}) are such classes.</li>
 * </ul>
 * Types are compared with the real class hierarchy, read from class files through the defining
 * loader without loading anything ({@link ClassHierarchy}, {@link HierarchyVerifier}); a type
 * that cannot be read fails the method. A method that fails gets its original code back, and
 * the rest of the class stays woven — unless the failing method is one the weaving added or the
 * static initialiser (which sets up the join points of every woven method), or the class is of
 * version 50 and an original method would itself fail inference: then the class is loaded as it was.
 */
final class WovenClassCheck {
    /** From this version on (Java 6), class files carry stack map frames. */
    private static final int STACK_MAP_VERSION = 50;
    /** From this version on (Java 7), the JVM verifies by type checking the frames only. */
    private static final int TYPE_CHECKING_VERSION = 51;

    /**
     * What to load: {@code bytes} (the woven class, perhaps with some methods' original code
     * back, each named as {@code name(descriptor): problem} in {@code methodsLeftUnwoven}), or null bytes when even
     * that would fail, with the problem in {@code methodsLeftUnwoven}: then the class is loaded as it was.
     */
    record Checked(byte[] bytes, List<String> methodsLeftUnwoven) {
    }

    /** {@code loader}: the class's defining loader, whose class files give the type hierarchy. */
    static Checked check(ClassLoader loader, byte[] original, byte[] woven) {
        int version = classVersion(woven);
        ClassNode wovenClass = read(woven, ClassReader.SKIP_DEBUG); // the check needs no line numbers: faster
        HierarchyVerifier verifier = new HierarchyVerifier(ClassHierarchy.of(loader), wovenClass.name, wovenClass.superName,
                (wovenClass.access & Opcodes.ACC_INTERFACE) != 0);
        ClassNode originalClass = null; // read only when a woven method fails
        List<Integer> failed = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < wovenClass.methods.size(); i++) {
            MethodNode method = wovenClass.methods.get(i);
            String problem = problem(version, wovenClass.name, method, verifier);
            if (problem == null) {
                continue;
            }
            originalClass = originalClass != null ? originalClass : read(original, 0);
            MethodNode unwoven = find(originalClass, method);
            if (unwoven == null || method.name.equals("<clinit>")) {
                String what = unwoven == null ? "the generated method " : "the static initialiser ";
                return new Checked(null, List.of(what + method.name + method.desc + ": " + problem));
            }
            if (version == STACK_MAP_VERSION) {
                // The woven methods have no frames: the JVM verifies the whole class by inference, this method too.
                String originalProblem = problem(version, originalClass.name, unwoven, verifier);
                if (originalProblem != null) {
                    return new Checked(null, List.of(method.name + method.desc + ": " + problem
                            + ", and its original code would fail verification by inference: " + originalProblem));
                }
            }
            failed.add(i);
            problems.add(method.name + method.desc + ": " + problem);
        }
        if (problems.isEmpty()) {
            return new Checked(woven, List.of());
        }
        ClassNode restored = read(woven, 0); // again, with its debugging information
        for (int i : failed) {
            restored.methods.set(i, find(originalClass, restored.methods.get(i)));
        }
        ClassWriter writer = new ClassWriter(0); // each method keeps its own frames and sizes
        restored.accept(writer);
        return new Checked(writer.toByteArray(), List.copyOf(problems));
    }

    private static int classVersion(byte[] classFile) {
        // u4 magic, u2 minor, u2 major
        return classFile.length < 8 ? Integer.MAX_VALUE : ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
    }

    private static ClassNode read(byte[] classFile, int options) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, options | ClassReader.EXPAND_FRAMES);
        return node;
    }

    /** The method of {@code owner} with the name and descriptor of {@code like}, or null. */
    static MethodNode find(ClassNode owner, MethodNode like) {
        for (MethodNode method : owner.methods) {
            if (method.name.equals(like.name) && method.desc.equals(like.desc)) {
                return method;
            }
        }
        return null;
    }

    /** Why the JVM would reject this method in a class file of this version, or null. */
    private static String problem(int version, String owner, MethodNode method, HierarchyVerifier verifier) {
        if (method.instructions.size() == 0) {
            return null; // abstract or native
        }
        if (version >= TYPE_CHECKING_VERSION) {
            return StackMapCheck.problem(owner, method, verifier);
        }
        try {
            new Analyzer<>(verifier).analyze(owner, method);
            return null;
        } catch (AnalyzerException | RuntimeException rejected) {
            String message = String.valueOf(rejected.getMessage());
            int newline = message.indexOf('\n');
            return newline < 0 ? message : message.substring(0, newline);
        }
    }

    private WovenClassCheck() {
    }
}
