package org.profq.agent;

import org.objectweb.asm.ClassReader;
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
 * data flow. Newer class files get stack maps computed by AspectJ itself and are not checked.
 */
final class WovenClassCheck {
    /** Class files from this version on (Java 6) are verified with stack maps. */
    private static final int STACK_MAP_VERSION = 50;

    /**
     * Why the JVM would reject {@code woven}, or null if it should accept it. A method the
     * analysis also refuses in {@code original} is not held against the weaving: the analysis is
     * then stricter than the JVM, which loaded it unwoven.
     */
    static String problem(byte[] original, byte[] woven) {
        if (classVersion(woven) >= STACK_MAP_VERSION) {
            return null;
        }
        String problem = firstProblem(woven);
        return problem == null || firstProblem(original) != null ? null : problem;
    }

    private static int classVersion(byte[] classFile) {
        // u4 magic, u2 minor, u2 major
        return classFile.length < 8 ? Integer.MAX_VALUE : ((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF);
    }

    private static String firstProblem(byte[] classFile) {
        ClassNode node = new ClassNode();
        try {
            new ClassReader(classFile).accept(node, ClassReader.SKIP_DEBUG);
        } catch (RuntimeException unreadable) {
            return "unreadable class file (" + unreadable + ")";
        }
        for (MethodNode method : node.methods) {
            if (method.instructions.size() == 0) {
                continue; // abstract or native
            }
            try {
                new Analyzer<>(new BasicVerifier()).analyze(node.name, method);
            } catch (AnalyzerException | RuntimeException rejected) {
                return "the JVM's verifier would reject the woven method " + method.name + method.desc + ": "
                        + firstLine(rejected.getMessage());
            }
        }
        return null;
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private WovenClassCheck() {
    }
}
