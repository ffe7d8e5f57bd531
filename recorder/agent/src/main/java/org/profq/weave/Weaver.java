package org.profq.weave;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.module.ModuleFinder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.ProtectionDomain;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import org.aspectj.weaver.Dump;
import org.profq.event.Recorder;
import org.profq.event.WovenClasses;
import org.profq.format.RecordingFormat;
import org.profq.format.RecordingLayout;

/**
 * Starts AspectJ's load-time weaver with a configuration made from the options: the aspects
 * of the chosen event kinds, the include and exclude patterns, array-construction join points,
 * and weaver messages routed to {@link WeaverMessages}. Classes of the JDK (boot and platform
 * loaders, JDK modules, generated proxies) are never handed to the weaver, nor those of a class
 * loader that cannot see profq's classes ({@link ProfqVisibility}), counted as left unwoven. A
 * class the weaver fails on, or whose woven form the JVM would reject ({@link WovenClassCheck}), is
 * loaded as it was, counted, and named once in the recording's warnings; nothing is printed. What the weaver
 * makes of each class is kept for the next run ({@link WovenClassCache}, unless {@code cache=off}).
 */
public final class Weaver {
    static final String CONFIGURATION_PROPERTY = "org.aspectj.weaver.loadtime.configuration";
    /** The weaver's configuration, kept in the recording: it says exactly what was woven. */
    static final String CONFIGURATION_FILE = "aop.xml";
    /** The configuration for a class that cannot be woven with every join point: calls only ({@link WeaverConfiguration#callsOnly}). */
    static final String CALLS_ONLY_CONFIGURATION_FILE = "aop-calls-only.xml";

    private static final WeavingTally TALLY = new WeavingTally();

    public static void start(Instrumentation instrumentation, WeavingOptions options, Path recording) {
        QuietTraceFactory.install();
        Dump.setDumpOnException(false); // no ajcore files in the program's working directory
        System.setProperty(CONFIGURATION_PROPERTY, writeConfiguration(options, recording, CONFIGURATION_FILE).toUri().toString());
        WeavingOptions callsOnly = WeaverConfiguration.callsOnly(options);
        Path callsOnlyConfiguration = callsOnly == null ? null : writeConfiguration(callsOnly, recording, CALLS_ONLY_CONFIGURATION_FILE);
        WovenClassCache cache = options.cache() == null ? null : WovenClassCache.open(options.cache(), cacheKey(options), Recorder::warning);
        instrumentation.addTransformer(new ApplicationClassesOnly(new LoaderWeavers(callsOnlyConfiguration), cache, TALLY, options::covers));
    }

    /**
     * After {@link #start} in a JVM the agent was attached to: the program's classes the JVM had
     * already loaded, which the weaver will never see (they keep running unrecorded), named in the
     * recording and counted as left unwoven; those the patterns leave out are not named. Their number.
     */
    public static int leaveLoadedClassesUnwoven(Instrumentation instrumentation, WeavingOptions options) {
        List<String> names = new ArrayList<>();
        for (Class<?> loaded : instrumentation.getAllLoadedClasses()) {
            if (ApplicationClassesOnly.isProgramClass(loaded) && options.covers(loaded.getName())) {
                names.add(loaded.getName());
            }
        }
        Collections.sort(names);
        TALLY.leftUnwoven(RecordingFormat.LOADED_BEFORE_ATTACH, names.size());
        Recorder.unwovenClasses(RecordingFormat.LOADED_BEFORE_ATTACH, names);
        return names.size();
    }

    /** Writes into the recording how the program's classes were woven; called at the recording's end. */
    public static void writeSummary() {
        TALLY.writeSummary();
    }

    /** Everything the woven bytes of a class depend on besides the class: the configuration, profq's aspects, the JDK. */
    static String cacheKey(WeavingOptions options) {
        String agent;
        try {
            Path jar = Path.of(Weaver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            agent = jar + " " + Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis();
        } catch (Exception | LinkageError e) {
            agent = "unknown " + System.nanoTime(); // no stable identity: a cache of this run only
        }
        return WeaverConfiguration.xml(options) + "\n" + agent + "\n" + options.userAspects().identity() + "java "
                + Runtime.version().feature();
    }

    /**
     * The aop.xml for these options, in the recording directory: AspectJ reads it whenever a new
     * class loader starts weaving, so it must last as long as the program, and a file in /tmp
     * would be left behind by a killed program.
     */
    static Path writeConfiguration(WeavingOptions options, Path recording, String fileName) {
        try {
            Path file = Files.createDirectories(RecordingLayout.weavingDirectory(recording.toAbsolutePath())).resolve(fileName);
            Files.writeString(file, WeaverConfiguration.xml(options), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Passes only the program's classes to AspectJ: not the JDK's, whose modules are also
     * mapped to the application class loader (jdk.compiler, for one: {@code java Hello.java}
     * would otherwise weave javac), not the ones the JDK generates, and not profq's or AspectJ's.
     */
    private record ApplicationClassesOnly(LoaderWeavers weavers, WovenClassCache cache, WeavingTally tally, Predicate<String> covered)
            implements ClassFileTransformer {
        private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();
        private static final Set<String> JDK_MODULES = ModuleFinder.ofSystem().findAll().stream()
                .map(reference -> reference.descriptor().name())
                .collect(Collectors.toUnmodifiableSet());

        /** A class of the program, as {@link #transform} would have seen it had it loaded later. */
        static boolean isProgramClass(Class<?> type) {
            ClassLoader loader = type.getClassLoader();
            String name = type.getName();
            return loader != null && loader != PLATFORM && !CalibrationCallSites.isCalibrationLoader(loader) && !type.isArray() && !type.isPrimitive() && !type.isHidden()
                    && !type.isSynthetic() && !name.startsWith("org.profq.") && !name.startsWith("org.aspectj.") && !name.startsWith("aj.org.")
                    && !name.contains("$$Lambda") && !name.startsWith("jdk.") && !name.startsWith("com.sun.proxy.")
                    && !(type.getModule().isNamed() && JDK_MODULES.contains(type.getModule().getName()));
        }

        @Override
        public byte[] transform(Module module, ClassLoader loader, String className, Class<?> classBeingRedefined,
                                ProtectionDomain domain, byte[] original) {
            if (loader == null || loader == PLATFORM || className == null || className.startsWith("org/profq/")
                    || className.startsWith("org/aspectj/") // the weaver's own classes, never woven (WeaverConfiguration)
                    || className.startsWith("aj/org/") // the weaver's own ASM: loaded while the calibration weaves, off the loader's lock
                    || CalibrationCallSites.isCalibrationLoader(loader) // woven already, and not the program's
                    || (module.isNamed() && JDK_MODULES.contains(module.getName()))) {
                return null;
            }
            int methods = 0;
            try {
                if (GeneratedClasses.isGenerated(loader, original)) {
                    tally.generated();
                    return null;
                }
                // A class another agent retransforms comes again: its methods were counted the first time.
                methods = classBeingRedefined == null && covered.test(className.replace('/', '.')) ? MethodCount.withCode(original) : 0;
                tally.methodsSeen(methods);
                if (!SecurityManagers.allowWeaving()) {
                    tally.methodsLeftUnwoven(methods);
                    if (tally.leftUnwoven(WeavingTally.SECURITY_MANAGER) == 1) {
                        Recorder.warning("a SecurityManager the program installed does not grant profq the permissions"
                                + " weaving needs: classes loaded from now on are left unwoven (counted); the program runs on");
                    }
                    return null;
                }
                if (!ProfqVisibility.seesProfq(loader)) {
                    tally.methodsLeftUnwoven(methods);
                    tally.leftUnwoven(WeavingTally.LOADER_BLIND_TO_PROFQ);
                    if (ProfqVisibility.firstOfItsKind(loader)) {
                        Recorder.warning("left the classes of " + loader.getClass().getName() + " unwoven (" + WeavingTally.LOADER_BLIND_TO_PROFQ
                                + ": it does not delegate to the class loader of profq's classes, which woven code calls); counted, the"
                                + " program runs on");
                    }
                    return null;
                }
                boolean framed = Recorder.weavingStarted(); // profq's time, not the loading call's: a frame of its own
                try {
                    int seen = methods;
                    return SecurityManagers.withProfqPermissions(() -> weaveOrCached(loader, className, classBeingRedefined, domain, original,
                            seen));
                } finally {
                    if (framed) {
                        Recorder.weavingEnded();
                    }
                }
            } catch (Throwable unexpected) {
                leftUnwoven(className, methods, WeavingTally.WEAVER_INTERNAL_ERROR, describe(unexpected));
                return null;
            }
        }

        /** {@code methods}: the class's methods with code when the patterns cover it, else 0 ({@link MethodCount}). */
        private byte[] weaveOrCached(ClassLoader loader, String className, Class<?> redefined, ProtectionDomain domain, byte[] original,
                                     int methods) {
            boolean cacheable = cache != null && redefined == null;
            WovenClassCache.Entry cached = cacheable ? cache.find(className, original) : null;
            if (cached != null) {
                if (cached.leftUnwoven() != null) {
                    String[] kindAndReason = cached.leftUnwoven().split(": ", 2); // as kept below
                    leftUnwoven(className, methods, kindAndReason[0], kindAndReason.length > 1 ? kindAndReason[1] : "");
                } else {
                    methodsLeftUnwoven(className, cached.methodsLeftUnwoven());
                    tally.handled(cached.woven() != null, true);
                    if (cached.woven() != null) {
                        WovenClasses.add(loader, className);
                    }
                }
                return cached.woven();
            }
            Attempt attempt = weaveAndCheck(loader, className, original, domain, false);
            Set<String> retry = attempt.failedMethods();
            byte[] normalised = retry.isEmpty() ? null : ReturnStacks.normalise(original, retry);
            if (normalised != null) {
                // Methods that returned over other values: woven again with their returns' stacks emptied.
                Attempt again = weaveAndCheck(loader, className, normalised, domain, false);
                attempt = again.methodsLost() < attempt.methodsLost() ? again : attempt;
            }
            if ((WeavingTally.WEAVER_ERROR.equals(attempt.unwovenKind()) || WeavingTally.WEAVER_INTERNAL_ERROR.equals(attempt.unwovenKind()))
                    && weavers.weavesCallsOnly()) {
                // Too much for the weaver with every join point (a method past 64 KB, a jump too far): calls only.
                Attempt callsOnly = weaveAndCheck(loader, className, original, domain, true);
                if (callsOnly.unwovenKind() == null && callsOnly.woven() != null) {
                    List<String> notes = new ArrayList<>(List.of(CLASS_NOTE + attempt.problem()));
                    notes.addAll(callsOnly.methodsLeftUnwoven());
                    attempt = new Attempt(callsOnly.woven(), List.copyOf(notes), null, null, true);
                }
            }
            if (attempt.unwovenKind() != null) {
                leftUnwoven(className, methods, attempt.unwovenKind(), attempt.problem());
                if (cacheable && attempt.keep()) { // the next run would fail the same way
                    cache.keepLeftUnwoven(className, original, attempt.unwovenKind() + ": " + attempt.problem());
                }
                return null;
            }
            methodsLeftUnwoven(className, attempt.methodsLeftUnwoven());
            tally.handled(attempt.woven() != null, false);
            if (attempt.woven() != null) {
                WovenClasses.add(loader, className);
            }
            if (cacheable) {
                cache.keepWoven(className, original, attempt.woven(), attempt.methodsLeftUnwoven());
            }
            return attempt.woven();
        }

        /**
         * What weaving a class gave: {@code woven} bytes to load (null: the class stays as it is),
         * each method given its original code back named as {@code name(descriptor): problem}; or,
         * when the whole class stays as it was, the kind and problem, and whether the next run may keep that.
         */
        private record Attempt(byte[] woven, List<String> methodsLeftUnwoven, String unwovenKind, String problem, boolean keep) {
            static Attempt unwoven(String kind, String problem, boolean keep) {
                return new Attempt(null, List.of(), kind, problem, keep);
            }

            /** Methods lost to recording: every one when the class stays unwoven. */
            int methodsLost() {
                return unwovenKind != null ? Integer.MAX_VALUE : methodsLeftUnwoven.size();
            }

            /** {@code name + descriptor} of each method the check failed, in the class or named in why the class was not. */
            Set<String> failedMethods() {
                List<String> failures = unwovenKind == null ? methodsLeftUnwoven
                        : WeavingTally.WOULD_FAIL_VERIFICATION.equals(unwovenKind) ? List.of(problem.split("; ")) : List.of();
                Set<String> methods = new HashSet<>();
                for (String failure : failures) {
                    int colon = failure.indexOf(": ");
                    if (colon > 0 && !failure.startsWith("the ") && !failure.startsWith(CLASS_NOTE)) {
                        methods.add(failure.substring(0, colon));
                    }
                }
                return methods;
            }
        }

        /** Weaves the class, completes frames AspectJ could not compute, names its join points from strings, and checks it. */
        private Attempt weaveAndCheck(ClassLoader loader, String className, byte[] original, ProtectionDomain domain, boolean callsOnly) {
            WeaverMessages.startClass();
            byte[] woven;
            try {
                woven = weavers.weave(loader, className, original, domain, callsOnly);
            } catch (Throwable failure) {
                String traced = WeaverMessages.errorInClass();
                // not kept in the cache: the next run's fresh weaver may well succeed
                return Attempt.unwoven(WeavingTally.WEAVER_INTERNAL_ERROR, traced != null ? traced : describe(failure), false);
            }
            String problem = WeaverMessages.errorInClass();
            boolean changed = woven != null && woven != original;
            List<String> methodsLeftUnwoven = new ArrayList<>();
            if (problem != null && changed && WeaverMessages.onlyStackMapsFailed() && StackMapRecovery.isTypeChecked(woven)) {
                // AspectJ handed back the woven class without frames: computed here, method by method.
                WovenClassCheck.Checked recovered = StackMapRecovery.recover(loader, original, woven);
                if (recovered.bytes() == null) {
                    return Attempt.unwoven(WeavingTally.WEAVER_ERROR, problem + "; " + String.join("; ", recovered.methodsLeftUnwoven()), true);
                }
                woven = recovered.bytes();
                methodsLeftUnwoven.addAll(recovered.methodsLeftUnwoven());
            } else if (problem != null) {
                return Attempt.unwoven(WeavingTally.WEAVER_ERROR, problem, true);
            }
            if (!changed) {
                return new Attempt(null, List.of(), null, null, true);
            }
            // Its join points named from strings, loading no class, and made in the static initialiser, not in a method added to it.
            woven = PreClinitInlining.inline(JoinPointRewrite.rewrite(woven));
            WovenClassCheck.Checked checked = WovenClassCheck.check(loader, original, woven);
            if (checked.bytes() == null) {
                return Attempt.unwoven(WeavingTally.WOULD_FAIL_VERIFICATION, String.join("; ", checked.methodsLeftUnwoven()), true);
            }
            methodsLeftUnwoven.addAll(checked.methodsLeftUnwoven());
            return new Attempt(checked.bytes(), List.copyOf(methodsLeftUnwoven), null, null, true);
        }

        /**
         * Among the methods left unwoven of a class, one that says the class was woven for calls only,
         * and why: no method's name starts with {@code <} but a constructor's or static initialiser's.
         */
        private static final String CLASS_NOTE = "<class>: ";

        /** Counts and names the methods of a woven class given their original code back ({@code name(descriptor): problem}). */
        private void methodsLeftUnwoven(String className, List<String> methodsAndProblems) {
            for (String methodAndProblem : methodsAndProblems) {
                if (methodAndProblem.startsWith(CLASS_NOTE)) {
                    tally.leftUnwoven(WeavingTally.WOVEN_FOR_CALLS_ONLY);
                    Recorder.warning("wove " + className.replace('/', '.') + " for calls only (" + WeavingTally.WOVEN_FOR_CALLS_ONLY + ": "
                            + methodAndProblem.substring(CLASS_NOTE.length()) + "): its allocations, exceptions and uses are not recorded");
                    continue;
                }
                String[] method = methodAndProblem.split(": ", 2);
                tally.leftUnwoven(WeavingTally.METHOD_WOULD_FAIL_VERIFICATION);
                tally.methodsLeftUnwoven(1);
                Recorder.warning("left the method " + className.replace('/', '.') + "." + method[0] + " unwoven ("
                        + WeavingTally.METHOD_WOULD_FAIL_VERIFICATION + ": " + method[1] + "); the rest of the class is woven");
            }
        }

        /** One line: the failure, and what caused it at the root (AspectJ wraps causes in multi-line messages). */
        private static String describe(Throwable failure) {
            Throwable root = failure;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            String first = String.valueOf(failure).lines().findFirst().orElse("").strip();
            return root == failure ? first : first + ", caused by " + String.valueOf(root).lines().findFirst().orElse("").strip();
        }

        private void leftUnwoven(String className, int methods, String kind, String reason) {
            tally.leftUnwoven(kind);
            tally.methodsLeftUnwoven(methods);
            Recorder.warning("left " + className.replace('/', '.') + " unwoven (" + kind + ": " + reason + "); the program runs on");
        }
    }

    private Weaver() {
    }
}
