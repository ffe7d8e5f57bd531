package org.profq.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.IllegalClassFormatException;
import java.lang.instrument.Instrumentation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.module.ModuleFinder;
import java.security.ProtectionDomain;
import java.util.Set;
import java.util.stream.Collectors;

import org.aspectj.weaver.loadtime.ClassPreProcessorAgentAdapter;
import org.profq.event.Recorder;

/**
 * Starts AspectJ's load-time weaver with a configuration made from the options: the aspects
 * of the chosen event kinds, the include and exclude patterns, array-construction join points,
 * and weaver messages routed to {@link WeaverMessages}. Classes of the JDK (boot and platform
 * loaders) are never handed to the weaver. A class the weaver fails on is left as it was,
 * said once on stderr and kept in the recording as a warning. What the weaver makes of each
 * class is kept for the next run ({@link WovenClassCache}, unless {@code cache=off}).
 */
final class Weaver {
    static final String CONFIGURATION_PROPERTY = "org.aspectj.weaver.loadtime.configuration";

    static void start(Instrumentation instrumentation, AgentOptions options) {
        System.setProperty(CONFIGURATION_PROPERTY, writeConfiguration(options).toUri().toString());
        WovenClassCache cache = options.cache() == null ? null : WovenClassCache.open(options.cache(), cacheKey(options), Recorder::warning);
        instrumentation.addTransformer(new ApplicationClassesOnly(new ClassPreProcessorAgentAdapter(), cache));
    }

    /** Everything the woven bytes of a class depend on besides the class: the configuration, profq's aspects, the JDK. */
    static String cacheKey(AgentOptions options) {
        String agent;
        try {
            Path jar = Path.of(Weaver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            agent = jar + " " + Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis();
        } catch (Exception | LinkageError e) {
            agent = "unknown " + System.nanoTime(); // no stable identity: a cache of this run only
        }
        return WeaverConfiguration.xml(options) + "\n" + agent + "\njava " + Runtime.version().feature();
    }

    /** The aop.xml for these options, in a temporary file removed when the JVM exits. */
    static Path writeConfiguration(AgentOptions options) {
        try {
            Path file = Files.createTempFile("profq-aop", ".xml");
            file.toFile().deleteOnExit();
            Files.writeString(file, WeaverConfiguration.xml(options), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Passes only the program's classes to AspectJ: not the JDK's, whose modules are also
     * mapped to the application class loader (jdk.compiler, for one: {@code java Hello.java}
     * would otherwise weave javac), and not profq's own.
     */
    private record ApplicationClassesOnly(ClassFileTransformer weaver, WovenClassCache cache) implements ClassFileTransformer {
        private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
        private static final Set<String> JDK_MODULES = ModuleFinder.ofSystem().findAll().stream()
                .map(reference -> reference.descriptor().name())
                .collect(Collectors.toUnmodifiableSet());

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                                ProtectionDomain domain, byte[] classfileBuffer) throws IllegalClassFormatException {
            if (loader == null || loader == PLATFORM || className == null || className.startsWith("org/profq/")
                    || (module.isNamed() && JDK_MODULES.contains(module.getName()))) {
                return null;
            }
            WovenClassCache.Entry cached = cache == null || classBeingRedefined != null ? null
                    : cache.find(className, classfileBuffer);
            if (cached != null) {
                if (cached.leftUnwoven() != null) {
                    leftUnwoven(className, cached.leftUnwoven());
                }
                return cached.woven();
            }
            WeaverMessages.startClass();
            try {
                byte[] woven = weaver.transform(loader, className, classBeingRedefined, domain, classfileBuffer);
                String error = WeaverMessages.errorInClass();
                if (error == null) {
                    if (cache != null && classBeingRedefined == null) {
                        cache.keepWoven(className, classfileBuffer, woven);
                    }
                    return woven;
                }
                leftUnwoven(className, error);
                if (cache != null && classBeingRedefined == null) {
                    cache.keepLeftUnwoven(className, classfileBuffer, error);
                }
            } catch (Throwable t) {
                leftUnwoven(className, t.toString());
            }
            return null;
        }

        private static void leftUnwoven(String className, String reason) {
            String message = "left " + className.replace('/', '.') + " unwoven (" + reason + "); the program runs on";
            System.err.println("profq: " + message);
            Recorder.warning(message);
        }
    }

    private Weaver() {
    }
}
