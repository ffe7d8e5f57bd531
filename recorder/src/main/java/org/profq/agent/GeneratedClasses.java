package org.profq.agent;

import org.objectweb.asm.ClassReader;

/**
 * Classes the JDK generates while the program runs: dynamic proxies and reflection accessors.
 * They are not the program's code, so profq never weaves them; woven, a JDK 25 proxy failed
 * verification ({@code Bad local variable type … jdk/proxy2/$Proxy7}) and killed the program.
 * (Hidden classes, lambdas' among them, never reach a class file transformer.)
 */
final class GeneratedClasses {
    private static final String PROXY = "java/lang/reflect/Proxy";

    static boolean isGenerated(Module module, ClassLoader loader, String className, byte[] classFile) {
        return (module.isNamed() && module.getName().startsWith("jdk.proxy"))
                || className.startsWith("com/sun/proxy/")
                || LoaderWeavers.isReflectionLoader(loader)
                || extendsProxy(classFile);
    }

    /** Every dynamic proxy class extends {@code java.lang.reflect.Proxy}, whatever its package. */
    private static boolean extendsProxy(byte[] classFile) {
        try {
            return PROXY.equals(new ClassReader(classFile).getSuperName());
        } catch (RuntimeException unreadable) {
            return false; // the weaver will say what is wrong with it
        }
    }

    private GeneratedClasses() {
    }
}
