package org.profq.weave;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicVerifier;

/**
 * Checks woven bytes before the JVM sees them, where AspectJ's output is known to break: class
 * files older than Java 6 (version &lt; 50) carry no stack maps, so the JVM verifies them by
 * inferring types through every path, and rejects at link time, with a {@code VerifyError} that
 * kills the program, a method whose paths meet with different stack heights. AspectJ makes such
 * methods when its call advice routes every return to one exit (a Java 5 library's
 * {@code dup; ifnonnull L; getstatic; areturn; L: areturn}). ASM's {@link Analyzer} runs the same
 * data flow over each method. A method that fails gets its original code back (the rest of the
 * class stays woven); newer class files get stack maps from AspectJ itself and are not checked.
 */
final class WovenClassCheck {
    /** Class files from this version on (Java 6) are verified with stack maps. */
    private static final int STACK_MAP_VERSION = 50;

    /**
     * What to load: {@code bytes} (the woven class, perhaps with some methods' original code
     * back, each named as {@code name(descriptor): problem} in {@code methodsLeftUnwoven}), or null bytes when even
     * that would fail, with the problem in {@code methodsLeftUnwoven}: then the class is loaded as it was.
     */
    record Checked(byte[] bytes, List<String> methodsLeftUnwoven) {
    }

    static Checked check(byte[] original, byte[] woven) {
        if (classVersion(woven) >= STACK_MAP_VERSION) {
            return new Checked(woven, List.of());
        }
        ClassNode wovenClass = read(woven);
        ClassNode originalClass = null; // read only when a woven method fails
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < wovenClass.methods.size(); i++) {
            MethodNode method = wovenClass.methods.get(i);
            String problem = problem(wovenClass.name, method);
            if (problem == null) {
                continue;
            }
            originalClass = originalClass != null ? originalClass : read(original);
            MethodNode unwoven = find(originalClass, method);
            if (unwoven == null) {
                return new Checked(null, List.of("the generated method " + method.name + method.desc + ": " + problem));
            }
            // A method the analysis also refuses unwoven is not held against the weaving: the
            // analysis is then stricter than the JVM, which loads it.
            if (problem(originalClass.name, unwoven) == null) {
                wovenClass.methods.set(i, unwoven);
                problems.add(method.name + method.desc + ": " + problem);
            }
        }
        if (problems.isEmpty()) {
            return new Checked(woven, List.of());
        }
        ClassWriter writer = new ClassWriter(0); // no stack maps below version 50; sizes are each method's own
        wovenClass.accept(writer);
        return new Checked(writer.toByteArray(), List.copyOf(problems));
    }

    private static int classVersion(byte[] classFile) {
        // u4 magic, u2 minor, u2 major
        return classFile.length < 8 ? Integer.MAX_VALUE : ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
    }

    private static ClassNode read(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        return node;
    }

    private static MethodNode find(ClassNode owner, MethodNode like) {
        for (MethodNode method : owner.methods) {
            if (method.name.equals(like.name) && method.desc.equals(like.desc)) {
                return method;
            }
        }
        return null;
    }

    /** Why the JVM's old verifier would reject this method, or null. */
    private static String problem(String owner, MethodNode method) {
        if (method.instructions.size() == 0) {
            return null; // abstract or native
        }
        try {
            new Analyzer<>(new BasicVerifier()).analyze(owner, method);
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
