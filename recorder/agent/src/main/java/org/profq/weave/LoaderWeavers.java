package org.profq.weave;

import java.security.ProtectionDomain;
import java.util.Map;
import java.util.WeakHashMap;

import org.aspectj.bridge.context.CompilationAndWeavingContext;
import org.aspectj.weaver.bcel.asm.AsmDetector;
import org.aspectj.weaver.loadtime.ClassLoaderWeavingAdaptor;

/**
 * AspectJ's load-time weavers, one per class loader, as AspectJ's own agent ({@code Aj}) keeps
 * them, with one difference: a weaver that fails on a class is thrown away and the loader's next
 * class gets a fresh one, and AspectJ's global "ASM is missing" flag, which one stack-map error
 * sets for good, is cleared: on a Kotlin program one such error in the standard library became
 * 7,150 failed classes. Going around {@code Aj}
 * also means AspectJ writes no {@code ajcore} dump files and prints no stack traces.
 */
final class LoaderWeavers {
    /** Loaders of the JDK's reflection accessors: their classes are generated, never the program's. */
    private static final String[] REFLECTION_LOADERS = {"jdk.internal.reflect.DelegatingClassLoader", "sun.reflect.DelegatingClassLoader"};

    private final Map<ClassLoader, LoaderWeaver> weavers = new WeakHashMap<>();

    /** A loader's weaver, initialised on first use outside the map's lock (initialising loads classes). */
    private static final class LoaderWeaver {
        final ClassLoaderWeavingAdaptor adaptor = new ClassLoaderWeavingAdaptor();
        boolean initialised;
    }

    static boolean isReflectionLoader(ClassLoader loader) {
        String name = loader.getClass().getName();
        for (String reflection : REFLECTION_LOADERS) {
            if (name.equals(reflection)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The woven bytes of a class; {@code original} itself when no aspect applies to it. Throws
     * whatever the weaver threw. After a failure, thrown or reported ({@link WeaverMessages}),
     * the loader's weaver is discarded.
     */
    byte[] weave(ClassLoader loader, String className, byte[] original, ProtectionDomain domain) throws Exception {
        synchronized (loader) { // as AspectJ's agent: a weaver is not thread-safe, and is per loader
            ClassLoaderWeavingAdaptor weaver = weaverFor(loader);
            weaver.setActiveProtectionDomain(domain);
            try {
                byte[] woven = weaver.weaveClass(className.replace('/', '.'), original, false);
                if (WeaverMessages.errorInClass() != null) {
                    discard(loader); // it may still hold the class it could not finish
                }
                return woven;
            } catch (Exception | Error failure) {
                discard(loader);
                throw failure;
            } finally {
                weaver.setActiveProtectionDomain(null);
                CompilationAndWeavingContext.resetForThread();
            }
        }
    }

    /** Called holding the loader's lock, so a loader's weaver is initialised once. */
    private ClassLoaderWeavingAdaptor weaverFor(ClassLoader loader) {
        LoaderWeaver weaver;
        synchronized (weavers) {
            weaver = weavers.computeIfAbsent(loader, key -> new LoaderWeaver());
        }
        if (!weaver.initialised) {
            weaver.initialised = true; // first: classes loaded while it initialises find it, as in AspectJ's agent
            weaver.adaptor.initialize(loader, null); // reads the configuration (aop.xml) and the aspects
        }
        return weaver.adaptor;
    }

    /**
     * Forgets a loader's weaver after a failure, and undoes AspectJ's global reaction to a failed
     * stack-map computation: it marks ASM as missing ({@code AsmDetector.isAsmAround = false}),
     * and from then on every class that needs stack maps fails, in every weaver.
     */
    private void discard(ClassLoader loader) {
        synchronized (weavers) {
            weavers.remove(loader);
        }
        AsmDetector.rootCause = null;
        AsmDetector.isAsmAround = true;
    }
}
