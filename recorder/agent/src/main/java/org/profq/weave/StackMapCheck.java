package org.profq.weave;

import java.util.ArrayList;
import java.util.List;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
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
        int size = method.instructions.size();
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
        Frame<BasicValue> current = initialFrame();
        AbstractInsnNode[] code = method.instructions.toArray();
        for (int i = 0; i < code.length; i++) {
            AbstractInsnNode instruction = code[i];
            if (instruction.getOpcode() < 0) {
                continue; // a label, line number or frame
            }
            if (declared[i] != null) {
                if (current != null) {
                    requireAssignable(current, declared[i], i, "falls through to");
                }
                current = new Frame<>(declared[i]);
            } else if (current == null) {
                throw new AnalyzerException(instruction, "no stack map frame after an unconditional branch");
            }
            Frame<BasicValue> after = new Frame<>(current);
            after.execute(instruction, verifier);
            for (TryCatchBlockNode handler : method.tryCatchBlocks) {
                if (covers(handler, i)) {
                    requireHandlerAccepts(handler, current, i);
                    requireHandlerAccepts(handler, after, i);
                }
            }
            for (LabelNode target : targets(instruction)) {
                requireAssignable(after, frameAt(target, i), i, "jumps to");
            }
            current = endsFlow(instruction) ? null : after;
        }
        if (current != null) {
            throw new AnalyzerException(null, "the code falls off its end");
        }
    }

    /** Maps each frame to the real instruction it stands before, and each label to its real instruction. */
    private void readFrames() {
        AbstractInsnNode[] code = method.instructions.toArray();
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
        Frame<BasicValue> thrown = new Frame<>(state);
        thrown.clearStack();
        thrown.push(verifier.newValue(Type.getObjectType(handler.type == null ? "java/lang/Throwable" : handler.type)));
        requireAssignable(thrown, frameAt(handler.handler, at), at, "throws to");
    }

    private boolean covers(TryCatchBlockNode handler, int index) {
        return method.instructions.indexOf(handler.start) <= index && index < method.instructions.indexOf(handler.end);
    }

    private static List<LabelNode> targets(AbstractInsnNode instruction) {
        if (instruction instanceof JumpInsnNode jump) {
            if (jump.getOpcode() == Opcodes.JSR) {
                throw new IllegalStateException("jsr in a class file with stack maps");
            }
            return List.of(jump.label);
        }
        if (instruction instanceof TableSwitchInsnNode table) {
            List<LabelNode> all = new ArrayList<>(table.labels);
            all.add(table.dflt);
            return all;
        }
        if (instruction instanceof LookupSwitchInsnNode lookup) {
            List<LabelNode> all = new ArrayList<>(lookup.labels);
            all.add(lookup.dflt);
            return all;
        }
        return List.of();
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
