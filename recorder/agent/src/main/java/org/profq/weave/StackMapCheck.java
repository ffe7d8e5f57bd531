package org.profq.weave;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Verification by type checking (JVMS 4.10.1), the only one the JVM runs on class files of
 * version 51 and later: one pass over the code, in which every branch target, exception handler
 * and instruction after an unconditional jump must carry a stack map frame, and the types that
 * reach it, by falling through, jumping or throwing, must be assignable to the frame's. From a
 * frame on, the code is checked against the frame's types, not against what the flow would
 * infer: a frame that declares too little (a common superclass guessed as {@code Object}) fails
 * here as it fails in the JVM. The method must have been read with
 * {@link org.objectweb.asm.ClassReader#EXPAND_FRAMES}.
 *
 * <p>Not modelled: objects not yet initialised are treated as initialised (the JVM's
 * {@code uninitialized} types), and the rules on protected members; AspectJ's weaving does not
 * touch either.
 */
final class StackMapCheck {
    private final String owner;
    private final MethodNode method;
    private final HierarchyVerifier verifier;
    private final Type returnType;
    private final AbstractInsnNode[] code;
    /** For each instruction's index: its declared frame (at its real instruction only), or null. */
    private final Frame<BasicValue>[] declared;
    /** For each instruction's index: where a label leads, the index of the next real instruction. */
    private final int[] realInstructionAt;

    @SuppressWarnings("unchecked")
    private StackMapCheck(String owner, MethodNode method, HierarchyVerifier verifier) {
        this.owner = owner;
        this.method = method;
        this.verifier = verifier;
        this.returnType = Type.getReturnType(method.desc);
        this.code = method.instructions.toArray();
        int size = code.length;
        this.declared = (Frame<BasicValue>[]) new Frame<?>[size];
        this.realInstructionAt = new int[size];
    }

    /** Why the JVM would reject this method, or null. */
    static String problem(String owner, MethodNode method, HierarchyVerifier verifier) {
        try {
            new StackMapCheck(owner, method, verifier).check();
            return null;
        } catch (AnalyzerException | RuntimeException rejected) {
            String message = String.valueOf(rejected.getMessage());
            int newline = message.indexOf('\n');
            return newline < 0 ? message : message.substring(0, newline);
        }
    }

    private void check() throws AnalyzerException {
        readFrames();
        List<TryCatchBlockNode> handlers = method.tryCatchBlocks;
        int[] handlerStarts = new int[handlers.size()];
        int[] handlerEnds = new int[handlerStarts.length];
        // The locals a handler was last checked against, by version: locals change only at frames and stores.
        int[] checkedLocals = new int[handlerStarts.length];
        int localsVersion = 1;
        for (int h = 0; h < handlerStarts.length; h++) {
            handlerStarts[h] = method.instructions.indexOf(handlers.get(h).start);
            handlerEnds[h] = method.instructions.indexOf(handlers.get(h).end);
        }
        Frame<BasicValue> current = initialFrame();
        for (int i = 0; i < code.length; i++) {
            AbstractInsnNode instruction = code[i];
            if (instruction.getOpcode() < 0) {
                continue; // a label, line number or frame
            }
            if (declared[i] != null) {
                if (current != null) {
                    requireAssignable(current, declared[i], i, "falls through to");
                }
                current = new Frame<>(declared[i]); // a copy: the instructions change it in place
                localsVersion++;
            } else if (current == null) {
                throw new AnalyzerException(instruction, "no stack map frame after an unconditional branch");
            }
            for (int pass = 0; pass < 2; pass++) { // the handlers must take the locals before the instruction, and after
                for (int h = 0; h < handlerStarts.length; h++) {
                    if (handlerStarts[h] <= i && i < handlerEnds[h] && checkedLocals[h] != localsVersion) {
                        requireHandlerAccepts(handlers.get(h), current, i);
                        checkedLocals[h] = localsVersion;
                    }
                }
                if (pass == 0) {
                    current.execute(instruction, verifier);
                    if (instruction instanceof VarInsnNode || instruction instanceof IincInsnNode
                            || instruction.getOpcode() == Opcodes.INVOKESPECIAL) {
                        localsVersion++;
                    }
                }
            }
            if (instruction instanceof JumpInsnNode jump) {
                if (jump.getOpcode() == Opcodes.JSR) {
                    throw new AnalyzerException(instruction, "jsr in a class file with stack maps");
                }
                requireAssignable(current, frameAt(jump.label, i), i, "jumps to");
            } else if (instruction instanceof TableSwitchInsnNode table) {
                requireAssignableAtAll(current, table.labels, table.dflt, i);
            } else if (instruction instanceof LookupSwitchInsnNode lookup) {
                requireAssignableAtAll(current, lookup.labels, lookup.dflt, i);
            }
            current = endsFlow(instruction) ? null : current;
        }
        if (current != null) {
            throw new AnalyzerException(null, "the code falls off its end");
        }
    }

    /** Maps each frame to the real instruction it stands before, and each label to its real instruction. */
    private void readFrames() {
        FrameNode pending = null;
        List<Integer> pendingLabels = new ArrayList<>();
        for (int i = 0; i < code.length; i++) {
            if (code[i] instanceof FrameNode frame) {
                if (frame.type != Opcodes.F_NEW) {
                    throw new IllegalStateException("compressed frames: the method was not read with EXPAND_FRAMES");
                }
                pending = frame;
            } else if (code[i].getOpcode() < 0) {
                pendingLabels.add(i);
            } else {
                realInstructionAt[i] = i;
                for (int label : pendingLabels) {
                    realInstructionAt[label] = i;
                }
                pendingLabels.clear();
                declared[i] = pending == null ? null : toFrame(pending);
                pending = null;
            }
        }
        for (int label : pendingLabels) {
            realInstructionAt[label] = -1; // a label after the last instruction: no jump may lead there
        }
    }

    private Frame<BasicValue> frameAt(LabelNode target, int from) throws AnalyzerException {
        int at = realInstructionAt[method.instructions.indexOf(target)];
        if (at < 0 || declared[at] == null) {
            throw new AnalyzerException(method.instructions.get(from), "no stack map frame at the branch target " + at);
        }
        return declared[at];
    }

    private void requireAssignable(Frame<BasicValue> actual, Frame<BasicValue> frame, int at, String how) throws AnalyzerException {
        for (int local = 0; local < frame.getLocals(); local++) {
            if (!verifier.isAssignable(actual.getLocal(local), frame.getLocal(local))) {
                throw new AnalyzerException(method.instructions.get(at), how + " a frame whose local " + local + " is "
                        + frame.getLocal(local) + ", not " + actual.getLocal(local));
            }
        }
        if (actual.getStackSize() != frame.getStackSize()) {
            throw new AnalyzerException(method.instructions.get(at), how + " a frame of stack height " + frame.getStackSize()
                    + ", not " + actual.getStackSize());
        }
        for (int slot = 0; slot < frame.getStackSize(); slot++) {
            if (!verifier.isAssignable(actual.getStack(slot), frame.getStack(slot))) {
                throw new AnalyzerException(method.instructions.get(at), how + " a frame whose stack slot " + slot + " is "
                        + frame.getStack(slot) + ", not " + actual.getStack(slot));
            }
        }
    }

    private void requireHandlerAccepts(TryCatchBlockNode handler, Frame<BasicValue> state, int at) throws AnalyzerException {
        Frame<BasicValue> frame = frameAt(handler.handler, at);
        for (int local = 0; local < frame.getLocals(); local++) {
            if (!verifier.isAssignable(state.getLocal(local), frame.getLocal(local))) {
                throw new AnalyzerException(method.instructions.get(at), "throws to a frame whose local " + local + " is "
                        + frame.getLocal(local) + ", not " + state.getLocal(local));
            }
        }
        BasicValue thrown = verifier.newValue(Type.getObjectType(handler.type == null ? "java/lang/Throwable" : handler.type));
        if (frame.getStackSize() != 1 || !verifier.isAssignable(thrown, frame.getStack(0))) {
            throw new AnalyzerException(method.instructions.get(at), "throws to a frame whose stack is not the one exception");
        }
    }

    private void requireAssignableAtAll(Frame<BasicValue> actual, List<LabelNode> targets, LabelNode otherwise, int at)
            throws AnalyzerException {
        for (LabelNode target : targets) {
            requireAssignable(actual, frameAt(target, at), at, "jumps to");
        }
        requireAssignable(actual, frameAt(otherwise, at), at, "jumps to");
    }

    private static boolean endsFlow(AbstractInsnNode instruction) {
        int opcode = instruction.getOpcode();
        return opcode == Opcodes.GOTO || opcode == Opcodes.ATHROW || opcode == Opcodes.RET || opcode == Opcodes.TABLESWITCH
                || opcode == Opcodes.LOOKUPSWITCH || (opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN);
    }

    /** The frame the JVM starts from: the receiver and the parameters, the rest of the locals top. */
    private Frame<BasicValue> initialFrame() {
        Frame<BasicValue> frame = emptyFrame();
        int local = 0;
        if ((method.access & Opcodes.ACC_STATIC) == 0) {
            frame.setLocal(local++, verifier.newValue(Type.getObjectType(owner)));
        }
        for (Type parameter : Type.getArgumentTypes(method.desc)) {
            frame.setLocal(local++, verifier.newValue(parameter));
            if (parameter.getSize() == 2) {
                frame.setLocal(local++, BasicValue.UNINITIALIZED_VALUE);
            }
        }
        return frame;
    }

    private Frame<BasicValue> toFrame(FrameNode node) {
        Frame<BasicValue> frame = emptyFrame();
        int local = 0;
        for (Object type : node.local) {
            BasicValue value = toValue(type);
            frame.setLocal(local++, value);
            if (value.getSize() == 2) {
                frame.setLocal(local++, BasicValue.UNINITIALIZED_VALUE);
            }
        }
        for (Object type : node.stack) {
            frame.push(toValue(type));
        }
        return frame;
    }

    private Frame<BasicValue> emptyFrame() {
        Frame<BasicValue> frame = new Frame<>(method.maxLocals, method.maxStack);
        frame.setReturn(verifier.newReturnTypeValue(returnType));
        for (int local = 0; local < method.maxLocals; local++) {
            frame.setLocal(local, BasicValue.UNINITIALIZED_VALUE);
        }
        return frame;
    }

    private BasicValue toValue(Object frameType) {
        if (frameType instanceof String internalName) {
            return verifier.newValue(Type.getObjectType(internalName));
        }
        if (frameType instanceof LabelNode newAt) { // uninitialized(offset of the new): treated as its class
            AbstractInsnNode next = newAt;
            while (next != null && next.getOpcode() < 0) {
                next = next.getNext();
            }
            if (!(next instanceof TypeInsnNode allocation) || allocation.getOpcode() != Opcodes.NEW) {
                throw new IllegalStateException("an uninitialized type that points to no new instruction");
            }
            return verifier.newValue(Type.getObjectType(allocation.desc));
        }
        int tag = (Integer) frameType;
        if (tag == Opcodes.TOP) {
            return BasicValue.UNINITIALIZED_VALUE;
        } else if (tag == Opcodes.INTEGER) {
            return BasicValue.INT_VALUE;
        } else if (tag == Opcodes.FLOAT) {
            return BasicValue.FLOAT_VALUE;
        } else if (tag == Opcodes.LONG) {
            return BasicValue.LONG_VALUE;
        } else if (tag == Opcodes.DOUBLE) {
            return BasicValue.DOUBLE_VALUE;
        } else if (tag == Opcodes.NULL) {
            return verifier.newValue(Type.getObjectType("null"));
        } else { // UNINITIALIZED_THIS: treated as the class itself
            return verifier.newValue(Type.getObjectType(owner));
        }
    }
}
