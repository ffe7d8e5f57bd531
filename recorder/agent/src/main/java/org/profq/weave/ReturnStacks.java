package org.profq.weave;

import java.util.Set;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Empties the operand stack under the result of every return that leaves values there. A return
 * discards the operand stack, so {@code dup; ifnonnull L; getstatic X; areturn; L: areturn} (the
 * shape of Jython's exposer classes: the first {@code areturn} leaves the duplicate behind) is
 * legal. AspectJ's after-returning advice routes every return to one exit, where the paths then
 * meet with different stack heights, which no verifier accepts; with each return's stack emptied
 * first ({@code astore t; pop; aload t; areturn}) they meet with the result alone, and the method
 * can be woven. The program's behaviour is the same: the values popped were about to be discarded.
 */
final class ReturnStacks {
    private ReturnStacks() {
    }

    /**
     * The class with the returns of the methods named {@code name + descriptor} in
     * {@code methods} rewritten, or null when none of them returns over other values (or the
     * code cannot be analysed).
     */
    static byte[] normalise(byte[] classFile, Set<String> methods) {
        ClassNode owner = new ClassNode();
        new ClassReader(classFile).accept(owner, 0);
        boolean changed = false;
        for (MethodNode method : owner.methods) {
            if (methods.contains(method.name + method.desc) && method.instructions.size() > 0) {
                changed |= normalise(owner.name, method);
            }
        }
        if (!changed) {
            return null;
        }
        ClassWriter writer = new ClassWriter(0); // the frames stay: no branch target is added, the new local is used in straight code
        owner.accept(writer);
        return writer.toByteArray();
    }

    private static boolean normalise(String owner, MethodNode method) {
        Frame<BasicValue>[] frames;
        try {
            frames = new Analyzer<>(new BasicInterpreter()).analyze(owner, method);
        } catch (AnalyzerException | RuntimeException unanalysable) {
            return false;
        }
        AbstractInsnNode[] code = method.instructions.toArray();
        int result = method.maxLocals; // a new local for the result, beyond every one the method uses
        boolean changed = false;
        for (int i = 0; i < code.length; i++) {
            int opcode = code[i].getOpcode();
            Frame<BasicValue> frame = frames[i];
            if (opcode < Opcodes.IRETURN || opcode > Opcodes.RETURN || frame == null) {
                continue;
            }
            int kept = opcode == Opcodes.RETURN ? 0 : 1;
            if (frame.getStackSize() <= kept) {
                continue;
            }
            InsnList emptying = new InsnList();
            Type resultType = kept == 0 ? null : frame.getStack(frame.getStackSize() - 1).getType();
            if (resultType != null) {
                emptying.add(new VarInsnNode(resultType.getOpcode(Opcodes.ISTORE), result));
            }
            for (int slot = frame.getStackSize() - 1 - kept; slot >= 0; slot--) {
                emptying.add(new InsnNode(frame.getStack(slot).getSize() == 2 ? Opcodes.POP2 : Opcodes.POP));
            }
            if (resultType != null) {
                emptying.add(new VarInsnNode(resultType.getOpcode(Opcodes.ILOAD), result));
            }
            method.instructions.insertBefore(code[i], emptying);
            changed = true;
        }
        if (changed) {
            method.maxLocals = result + 2;
        }
        return changed;
    }
}
