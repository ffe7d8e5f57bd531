package org.profq.weave;

import org.objectweb.asm.ClassReader;

/**
 * Classes the JDK generates while the program runs: dynamic proxies and reflection accessors.
 * They are not the program's code, so profq never weaves them; woven, a JDK 25 proxy failed
 * verification ({@code Bad local variable type … jdk/proxy2/$Proxy7}) and killed the program.
 * (Hidden classes, lambdas' among them, never reach a class file transformer.)
 */
final class GeneratedClasses {
    private static final String PROXY = "java/lang/reflect/Proxy";

    static boolean isGenerated(ClassLoader loader, byte[] classFile) {
        return LoaderWeavers.isReflectionLoader(loader) || extendsProxy(classFile);
    }

    /** Every dynamic proxy class extends {@code java.lang.reflect.Proxy}, whatever its package or module ({@code jdk.proxyN}). */
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
