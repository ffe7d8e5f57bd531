package org.profq.weave;

import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.Map;
import java.util.WeakHashMap;

import org.aspectj.bridge.context.CompilationAndWeavingContext;
import org.aspectj.weaver.bcel.asm.AsmDetector;
import org.aspectj.weaver.loadtime.ClassLoaderWeavingAdaptor;
import org.aspectj.weaver.loadtime.IWeavingContext;
import org.aspectj.weaver.loadtime.definition.Definition;
import org.aspectj.weaver.loadtime.definition.DocumentParser;

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
    /** Weavers with calls only, for a class the full weaver cannot weave; none without {@link #callsOnlyConfiguration}. */
    private final Map<ClassLoader, LoaderWeaver> callsOnlyWeavers = new WeakHashMap<>();
    /** The configuration with calls only (aop.xml), or null when the full one has nothing to leave out. */
    private final URL callsOnlyConfiguration;

    LoaderWeavers(Path callsOnlyConfiguration) {
        URL url = null;
        try {
            url = callsOnlyConfiguration == null ? null : callsOnlyConfiguration.toUri().toURL();
        } catch (MalformedURLException impossible) {
            // a file path always makes a URL; without one there is no second weaver
        }
        this.callsOnlyConfiguration = url;
    }

    /** Whether {@link #weave} can weave a class with calls only. */
    boolean weavesCallsOnly() {
        return callsOnlyConfiguration != null;
    }

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
    byte[] weave(ClassLoader loader, String className, byte[] original, ProtectionDomain domain, boolean callsOnly) throws Exception {
        Map<ClassLoader, LoaderWeaver> kind = callsOnly ? callsOnlyWeavers : weavers;
        synchronized (loader) { // as AspectJ's agent: a weaver is not thread-safe, and is per loader
            ClassLoaderWeavingAdaptor weaver = weaverFor(loader, kind, callsOnly ? new GivenDefinitionContext(loader, this::callsOnlyDefinition) : null);
            weaver.setActiveProtectionDomain(domain);
            try {
                byte[] woven = weaver.weaveClass(className.replace('/', '.'), original, false);
                if (WeaverMessages.errorInClass() != null) {
                    discard(loader, kind); // it may still hold the class it could not finish
                }
                return woven;
            } catch (Exception | Error failure) {
                discard(loader, kind);
                throw failure;
            } finally {
                weaver.setActiveProtectionDomain(null);
                CompilationAndWeavingContext.resetForThread();
            }
        }
    }

    /** Called holding the loader's lock, so a loader's weaver is initialised once. */
    private static ClassLoaderWeavingAdaptor weaverFor(ClassLoader loader, Map<ClassLoader, LoaderWeaver> kind, IWeavingContext context) {
        LoaderWeaver weaver;
        synchronized (kind) {
            weaver = kind.computeIfAbsent(loader, key -> new LoaderWeaver());
        }
        if (!weaver.initialised) {
            weaver.initialised = true; // first: classes loaded while it initialises find it, as in AspectJ's agent
            weaver.adaptor.initialize(loader, context); // reads the configuration (aop.xml) and the aspects
        }
        return weaver.adaptor;
    }

    /** The calls-only configuration, read when a calls-only weaver initialises. */
    private Definition callsOnlyDefinition() {
        try {
            return DocumentParser.parse(callsOnlyConfiguration);
        } catch (Exception unreadable) {
            throw new IllegalStateException("cannot read " + callsOnlyConfiguration, unreadable);
        }
    }

    /**
     * Forgets a loader's weaver after a failure, and undoes AspectJ's global reaction to a failed
     * stack-map computation: it marks ASM as missing ({@code AsmDetector.isAsmAround = false}),
     * and from then on every class that needs stack maps fails, in every weaver.
     */
    private static void discard(ClassLoader loader, Map<ClassLoader, LoaderWeaver> kind) {
        synchronized (kind) {
            kind.remove(loader);
        }
        AsmDetector.rootCause = null;
        AsmDetector.isAsmAround = true;
    }
}
