package org.profq.weave;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Moves the code of the {@code ajc$preClinit} method AspectJ adds to a woven class (it makes the
 * class's join point static parts, and the static initialiser calls it first) back into the
 * static initialiser, and removes the method: reflection ({@code getDeclaredMethods()}) then
 * sees the class's methods as they were. A program that counts or lists its own methods (or a
 * class it generated) behaved differently under profq. The fields AspectJ adds for the static
 * parts ({@code ajc$tjp_N}) remain, as {@code getDeclaredFields()} shows.
 *
 * <p>Only the plain case is inlined: one {@code ajc$preClinit()V}, straight-line code (no
 * branch, handler or frame of its own) that ends with its only return, called once, from the
 * static initialiser. Anything else, or a static initialiser that would pass the 64 KB limit,
 * is left as AspectJ wove it.
 */
final class PreClinitInlining {
    private static final String PRE_CLINIT = "ajc$preClinit";
    private static final byte[] PRE_CLINIT_BYTES = PRE_CLINIT.getBytes(StandardCharsets.UTF_8);

    /** The woven class without its {@code ajc$preClinit}; {@code woven} itself when it has none or it cannot be inlined. */
    static byte[] inline(byte[] woven) {
        if (!JoinPointRewrite.contains(woven, PRE_CLINIT_BYTES)) {
            return woven;
        }
        try {
            ClassNode owner = new ClassNode();
            new ClassReader(woven).accept(owner, 0);
            MethodNode preClinit = method(owner, PRE_CLINIT, "()V");
            MethodNode clinit = method(owner, "<clinit>", "()V");
            if (preClinit == null || clinit == null || (preClinit.access & Opcodes.ACC_STATIC) == 0 || !straightLine(preClinit)) {
                return woven;
            }
            MethodInsnNode call = onlyCall(owner, clinit);
            if (call == null) {
                return woven;
            }
            clinit.instructions.insert(call, copy(preClinit, clinit.maxLocals));
            clinit.instructions.remove(call);
            clinit.maxStack = Math.max(clinit.maxStack, preClinit.maxStack);
            clinit.maxLocals += preClinit.maxLocals;
            owner.methods.remove(preClinit);
            ClassWriter writer = new ClassWriter(0); // the frames stay as they were: the inlined code has none, and is first
            owner.accept(writer);
            return writer.toByteArray();
        } catch (RuntimeException tooLargeOrUnexpected) { // ASM's MethodTooLargeException among them
            return woven;
        }
    }

    /** No branch, switch, handler or frame, and one return, the last instruction. */
    private static boolean straightLine(MethodNode method) {
        if (!method.tryCatchBlocks.isEmpty()) {
            return false;
        }
        AbstractInsnNode last = null;
        for (AbstractInsnNode instruction : method.instructions) {
            int type = instruction.getType();
            if (type == AbstractInsnNode.JUMP_INSN || type == AbstractInsnNode.TABLESWITCH_INSN || type == AbstractInsnNode.LOOKUPSWITCH_INSN
                    || type == AbstractInsnNode.FRAME || instruction.getOpcode() == Opcodes.RET || instruction.getOpcode() == Opcodes.ATHROW) {
                return false;
            }
            if (instruction.getOpcode() >= Opcodes.IRETURN && instruction.getOpcode() <= Opcodes.RETURN && instruction.getOpcode() != Opcodes.RETURN) {
                return false;
            }
            if (instruction.getOpcode() >= 0) {
                if (last != null && last.getOpcode() == Opcodes.RETURN) {
                    return false; // code after the return
                }
                last = instruction;
            }
        }
        return last != null && last.getOpcode() == Opcodes.RETURN;
    }

    /** The static initialiser's one call of {@code ajc$preClinit}, when no other method of the class calls it; else null. */
    private static MethodInsnNode onlyCall(ClassNode owner, MethodNode clinit) {
        MethodInsnNode found = null;
        for (MethodNode method : owner.methods) {
            for (AbstractInsnNode instruction : method.instructions) {
                if (instruction instanceof MethodInsnNode call && call.name.equals(PRE_CLINIT) && call.owner.equals(owner.name)) {
                    if (found != null || method != clinit || call.getOpcode() != Opcodes.INVOKESTATIC || !call.desc.equals("()V")) {
                        return null;
                    }
                    found = call;
                }
            }
        }
        return found;
    }

    /** The method's code without its return, its locals moved past {@code firstLocal}, and its labels its own. */
    private static InsnList copy(MethodNode method, int firstLocal) {
        Map<LabelNode, LabelNode> labels = new HashMap<>();
        for (AbstractInsnNode instruction : method.instructions) {
            if (instruction instanceof LabelNode label) {
                labels.put(label, new LabelNode());
            }
        }
        InsnList code = new InsnList();
        for (AbstractInsnNode instruction : method.instructions) {
            if (instruction.getOpcode() == Opcodes.RETURN) {
                continue;
            }
            AbstractInsnNode copied = instruction.clone(labels);
            if (copied instanceof VarInsnNode local) {
                local.var += firstLocal;
            } else if (copied instanceof IincInsnNode increment) {
                increment.var += firstLocal;
            }
            code.add(copied);
        }
        return code;
    }

    private static MethodNode method(ClassNode owner, String name, String descriptor) {
        for (MethodNode method : owner.methods) {
            if (method.name.equals(name) && method.desc.equals(descriptor)) {
                return method;
            }
        }
        return null;
    }

    private PreClinitInlining() {
    }
}
