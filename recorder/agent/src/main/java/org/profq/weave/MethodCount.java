package org.profq.weave;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * How many methods with code a class file declares (constructors and static initialisers among
 * them; abstract and native methods have nothing to weave): the unit in which profq says how
 * much of a program it left unwoven. Reads the class file's method table only, never its code.
 */
final class MethodCount {
    private MethodCount() {
    }

    /** The methods with code {@code classFile} declares; 0 if it cannot be read (the weaver will say why). */
    static int withCode(byte[] classFile) {
        int[] count = {0};
        try {
            new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    if ((access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0) {
                        count[0]++;
                    }
                    return null;
                }
            }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (RuntimeException unreadable) {
            return 0;
        }
        return count[0];
    }
}
