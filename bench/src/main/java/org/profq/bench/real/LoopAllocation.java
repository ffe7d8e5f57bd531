package org.profq.bench.real;

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * The one-line change a budget must catch, made in bytecode: {@code new byte[16];}, its array
 * dropped, at the end of the body of a method's first loop, just before the jump back to the
 * loop's head (javac ends the body of every {@code for}, {@code while} and enhanced {@code for}
 * loop with a {@code goto} backwards). It keeps the stack as it was, so the method does what it
 * did, with one allocation more per turn of the loop.
 */
final class LoopAllocation {
    /** The bytes of the array added: {@code new byte[16]}. */
    static final int LENGTH = 16;
    /** The allocated type as a site names it. */
    static final String TYPE = "byte[]";

    /**
     * The changed class file, the line the allocation is on (that of the loop's last statement; 0
     * without line numbers) and the lines of the loop's body.
     */
    record Change(byte[] classFile, int line, Set<Integer> loopLines) {
    }

    private LoopAllocation() {
    }

    /** {@code classFile} with the allocation added to the method {@code name}{@code descriptor}; empty if that method has no loop. */
    static Optional<Change> add(byte[] classFile, String name, String descriptor) {
        ClassReader reader = new ClassReader(classFile);
        ClassNode node = new ClassNode();
        reader.accept(node, 0);
        for (MethodNode method : node.methods) {
            if (!method.name.equals(name) || !method.desc.equals(descriptor)) {
                continue;
            }
            Set<LabelNode> before = new HashSet<>();
            int line = 0;
            for (AbstractInsnNode instruction = method.instructions.getFirst(); instruction != null; instruction = instruction.getNext()) {
                if (instruction instanceof LabelNode label) {
                    before.add(label);
                } else if (instruction instanceof LineNumberNode number) {
                    line = number.line;
                } else if (instruction.getOpcode() == Opcodes.GOTO && before.contains(((JumpInsnNode) instruction).label)) {
                    InsnList allocation = new InsnList();
                    allocation.add(new IntInsnNode(Opcodes.BIPUSH, LENGTH));
                    allocation.add(new IntInsnNode(Opcodes.NEWARRAY, Opcodes.T_BYTE));
                    allocation.add(new InsnNode(Opcodes.POP));
                    Set<Integer> loopLines = new HashSet<>();
                    for (AbstractInsnNode in = ((JumpInsnNode) instruction).label; in != instruction; in = in.getNext()) {
                        if (in instanceof LineNumberNode number) {
                            loopLines.add(number.line);
                        }
                    }
                    method.instructions.insertBefore(instruction, allocation);
                    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
                    node.accept(writer);
                    return Optional.of(new Change(writer.toByteArray(), line, loopLines));
                }
            }
            return Optional.empty();
        }
        return Optional.empty();
    }
}
