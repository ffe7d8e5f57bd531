package org.profq.weave;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Completes a woven class whose stack map frames AspectJ could not compute. AspectJ computes the
 * frames of a whole class at once (with ASM), and when one method's code defeats that computation
 * (Kotlin's coroutine state machines, Scala's inliner: an {@code ArrayIndexOutOfBoundsException}
 * in ASM's frame merging) it hands back the woven class with no frames at all, which the JVM
 * would reject: the whole class was left unwoven. Here the frames are computed method by method,
 * with the class hierarchy read through the defining loader ({@link ClassHierarchy}), never by
 * loading a class; a method whose frames cannot be computed gets its original code back, and only
 * it is left unwoven. The result still goes through {@link WovenClassCheck}, which verifies the
 * frames computed here as it verifies AspectJ's.
 */
final class StackMapRecovery {
    private StackMapRecovery() {
    }

    /** Like {@link WovenClassCheck.Checked}: the bytes, or null when the class must stay as it was, and the methods left unwoven. */
    static WovenClassCheck.Checked recover(ClassLoader loader, byte[] original, byte[] frameless) {
        ClassNode woven = new ClassNode();
        new ClassReader(frameless).accept(woven, 0);
        ClassHierarchy hierarchy = ClassHierarchy.of(loader);
        ClassNode originalClass = null; // read only when a method fails
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < woven.methods.size(); i++) {
            MethodNode method = woven.methods.get(i);
            if (method.instructions.size() == 0) {
                continue; // abstract or native
            }
            try {
                woven.methods.set(i, withFrames(woven, method, hierarchy));
            } catch (RuntimeException cannotCompute) {
                String problem = "its stack map frames cannot be computed (" + cannotCompute + ")";
                originalClass = originalClass != null ? originalClass : read(original);
                MethodNode unwoven = WovenClassCheck.find(originalClass, method);
                if (unwoven == null || method.name.equals("<clinit>")) {
                    String what = unwoven == null ? "the generated method " : "the static initialiser ";
                    return new WovenClassCheck.Checked(null, List.of(what + method.name + method.desc + ": " + problem));
                }
                woven.methods.set(i, unwoven);
                problems.add(method.name + method.desc + ": " + problem);
            }
        }
        ClassWriter writer = new ClassWriter(0); // each method has its frames now, or its original ones
        woven.accept(writer);
        return new WovenClassCheck.Checked(writer.toByteArray(), List.copyOf(problems));
    }

    /** The method with frames and sizes computed, alone in a class with its owner's header. */
    private static MethodNode withFrames(ClassNode owner, MethodNode method, ClassHierarchy hierarchy) {
        ClassWriter writer = new HierarchyClassWriter(hierarchy, owner.name, owner.superName);
        writer.visit(owner.version, owner.access, owner.name, null, owner.superName, owner.interfaces.toArray(String[]::new));
        method.accept(writer);
        writer.visitEnd();
        ClassNode alone = read(writer.toByteArray());
        return alone.methods.get(0);
    }

    private static ClassNode read(byte[] classFile) {
        ClassNode node = new ClassNode();
        new ClassReader(classFile).accept(node, 0);
        return node;
    }

    /** ASM's frame computation, with the common superclass of two types found in class files, not in loaded classes. */
    private static final class HierarchyClassWriter extends ClassWriter {
        private static final String OBJECT = "java/lang/Object";
        /** Deeper than any real hierarchy: class files that make a cycle end the walk. */
        private static final int MAX_DEPTH = 1_000;

        private final ClassHierarchy hierarchy;
        private final String currentClass;
        private final String currentSuperClass;

        HierarchyClassWriter(ClassHierarchy hierarchy, String currentClass, String currentSuperClass) {
            super(ClassWriter.COMPUTE_FRAMES);
            this.hierarchy = hierarchy;
            this.currentClass = currentClass;
            this.currentSuperClass = currentSuperClass;
        }

        @Override
        protected String getCommonSuperClass(String type1, String type2) {
            if (isInterface(type1) || isInterface(type2)) {
                return OBJECT; // the verifier treats every interface as Object
            }
            List<String> chain = new ArrayList<>();
            for (String name = type1; name != null; name = superName(name)) {
                chain.add(name);
                if (chain.size() > MAX_DEPTH) {
                    throw new IllegalStateException("the superclasses of " + type1 + " make a cycle");
                }
            }
            int depth = 0;
            for (String name = type2; name != null; name = superName(name)) {
                if (chain.contains(name)) {
                    return name;
                }
                if (++depth > MAX_DEPTH) {
                    throw new IllegalStateException("the superclasses of " + type2 + " make a cycle");
                }
            }
            return OBJECT;
        }

        private boolean isInterface(String type) {
            return !type.equals(currentClass) && header(type).isInterface();
        }

        private String superName(String type) {
            return type.equals(currentClass) ? currentSuperClass : header(type).superName();
        }

        private ClassHierarchy.Header header(String type) {
            ClassHierarchy.Header header = hierarchy.header(type);
            if (header == null) {
                throw new HierarchyVerifier.UnknownType(type);
            }
            return header;
        }

        @Override
        protected ClassLoader getClassLoader() {
            throw new UnsupportedOperationException("never load a class to compute frames");
        }
    }

    static boolean isTypeChecked(byte[] classFile) {
        // u4 magic, u2 minor, u2 major: from version 51 (Java 7) the JVM needs the frames
        return classFile.length >= 8 && (((classFile[6] & 0xFF) << 8) | (classFile[7] & 0xFF)) >= Opcodes.V1_7;
    }
}
