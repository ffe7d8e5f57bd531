package org.profq.weave;

import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a class loader's classes can reach profq's: woven code calls profq's aspects and
 * AspectJ's runtime, which the JVM resolves through the woven class's own loader. The JVM's and
 * the usual loaders delegate to their parent first, and profq's classes are on the application
 * class path: a loader that has profq's loader among its ancestors (or is it) finds them. A loader
 * that does not, such as an OSGi framework's bundle class loader (its parent is the boot loader,
 * and it sees only what the bundle imports), would make every woven class fail with a
 * {@code NoClassDefFoundError} on {@code org/aspectj/...}: its classes are left unwoven.
 *
 * <p>Asking the loader itself ({@code loadClass}, {@code getResource}) would not tell: Apache
 * Felix answers a request by where it comes from on the call stack, and finds profq's classes
 * when profq asks, not when the bundle's code does.
 */
final class ProfqVisibility {
    private static final ClassLoader PROFQ = ProfqVisibility.class.getClassLoader();
    /** The loader classes already named in a warning: one warning a kind of loader, not one a bundle. */
    private static final Set<String> WARNED = Collections.newSetFromMap(new ConcurrentHashMap<>());

    /** Whether classes defined by {@code loader} resolve profq's classes to profq's own. */
    static boolean seesProfq(ClassLoader loader) {
        for (ClassLoader ancestor = loader; ancestor != null; ancestor = ancestor.getParent()) {
            if (ancestor == PROFQ) {
                return true;
            }
        }
        return false;
    }

    /** True the first time a loader of this class is found blind to profq's classes. */
    static boolean firstOfItsKind(ClassLoader loader) {
        return WARNED.add(loader.getClass().getName());
    }

    private ProfqVisibility() {
    }
}
