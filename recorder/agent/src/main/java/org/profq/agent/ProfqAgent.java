package org.profq.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.jar.JarFile;

import org.profq.api.Profq;
import org.profq.event.Recorder;
import org.profq.event.RecorderEventSink;
import org.profq.log.ChronicleSettings;
import org.profq.log.EventLog;
import org.profq.weave.CalibrationCallSites;
import org.profq.weave.UserAspects;
import org.profq.weave.Weaver;
import org.profq.weave.WeavingOptions;

/**
 * The Java agent: {@code -javaagent:profq-agent.jar=<options>}. Opens what Chronicle needs,
 * creates the recording and its header, starts the recorder, then AspectJ's load-time weaver,
 * and closes the recording at shutdown (normal end, {@code System.exit} or SIGTERM).
 *
 * <p>{@code profq attach} loads it into a running JVM ({@link #agentmain}): the same, except that
 * the classes already loaded are named in the recording as left unwoven, and a mistake never ends
 * the program: it is thrown back to the attaching tool. {@code profq detach} loads it again with
 * {@value #DETACH}: the recording ends there (the woven classes keep their advice, now idle).
 */
public final class ProfqAgent {
    /** Exit status when the agent cannot start: the program does not run unrecorded by surprise. */
    static final int USAGE_EXIT = 2;
    /** The agent argument of {@code profq detach}: end the recording the attach began. */
    public static final String DETACH = "detach";
    /**
     * Modules in the boot layer of a class-path program, not of a module-path one unless added:
     * Chronicle's {@code sun.misc}, and AspectJ's weaver refers to {@code java.sql}.
     */
    private static final List<String> NEEDED_MODULES = List.of("jdk.unsupported", "java.sql");

    public static void premain(String agentArgs, Instrumentation instrumentation) {
        try {
            start(agentArgs, instrumentation, false);
        } catch (IllegalStateException refused) {
            System.err.println("profq: " + refused.getMessage());
            System.exit(USAGE_EXIT); // the program does not run unrecorded by surprise
        }
    }

    /**
     * {@code profq attach} (or detach). Why the agent refused goes to the attaching tool only
     * ({@link AgentProperties#REFUSED}); the program runs on as it was.
     */
    public static void agentmain(String agentArgs, Instrumentation instrumentation) {
        AgentProperties.set(instrumentation, AgentProperties.REFUSED, null);
        try {
            if (DETACH.equals(agentArgs == null ? "" : agentArgs.trim())) {
                synchronized (ProfqAgent.class) {
                    if (!Recorder.started()) {
                        throw new IllegalStateException("profq is not recording in this JVM");
                    }
                    finish(false);
                    AgentProperties.set(instrumentation, AgentProperties.RECORDING, null);
                }
                return;
            }
            // The JVM's attach thread may have no context class loader (JDK 25), and Chronicle loads through it.
            Thread attaching = Thread.currentThread();
            ClassLoader context = attaching.getContextClassLoader();
            attaching.setContextClassLoader(ProfqAgent.class.getClassLoader());
            try {
                start(agentArgs, instrumentation, true);
            } finally {
                attaching.setContextClassLoader(context);
            }
        } catch (Throwable refused) {
            AgentProperties.set(instrumentation, AgentProperties.REFUSED,
                    refused instanceof IllegalStateException ? refused.getMessage() : refused.toString());
        }
    }

    private static synchronized void start(String agentArgs, Instrumentation instrumentation, boolean attached) {
        if (Recorder.started()) {
            throw new IllegalStateException("profq records this JVM already (or did: one recording a JVM); profq detach ends it");
        }
        AgentOptions options;
        Path recording;
        EventLog log;
        try {
            options = AgentOptions.parse(agentArgs);
            recording = OutputDirectory.choose(options.out());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        if (!ModuleLayer.boot().modules().stream().map(Module::getName).collect(Collectors.toSet())
                .containsAll(NEEDED_MODULES)) {
            // Checked before Chronicle loads: it needs sun.misc, and would fail the JVM's start with a stack trace.
            throw new IllegalStateException("the program runs from the module path, and its modules leave out "
                    + String.join(" and ", NEEDED_MODULES) + ", which profq's recorder and weaver need; add --add-modules "
                    + String.join(",", NEEDED_MODULES) + " to the java command (profq record adds it).");
        }
        ChronicleSettings.apply();
        ModuleOpener.openJavaBaseTo(instrumentation, ProfqAgent.class.getModule());
        try {
            log = EventLog.create(recording, options.window());
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot create the recording in " + recording.toAbsolutePath() + " (" + e.getMessage()
                    + "); choose a writable directory with out=<dir>.", e);
        }
        RunHeader.write(log, options);
        Recorder.start(log, instrumentation, options.exactClock(), options.tickMicros() * 1_000,
                options.records(AgentOptions.EventFamily.DEATHS) ? options.trackEvery() : 0, options.finalGc(),
                options.flushMillis() * 1_000_000, options.records(AgentOptions.EventFamily.CALLS));
        if (!options.values().isEmpty()) {
            Recorder.startValues(options.values(), options.rawStrings());
        }
        addToClassPath(instrumentation, options.aspects());
        Profq.install(new RecorderEventSink(recording.toAbsolutePath()));
        Runtime.getRuntime().addShutdownHook(new Thread(() -> finish(true), "profq-shutdown"));
        // a user's aspect AspectJ cannot weave is left out, with a warning, rather than every class it advises
        WeavingOptions weaving = options.weaving().withUserAspects(options.weaving().userAspects().weavable(Recorder::warning));
        Weaver.start(instrumentation, weaving, recording);
        if (attached) {
            Weaver.leaveLoadedClassesUnwoven(instrumentation, weaving);
        }
        AgentProperties.set(instrumentation, AgentProperties.RECORDING, recording.toAbsolutePath().toString());
        Recorder.calibrateInBackground(() -> CompilerHints.apply(recording),
                options.records(AgentOptions.EventFamily.CALLS) ? known -> CalibrationCallSites.make(weaving, known) : null);
    }

    /** The user's aspect jars join the system class path, where the program's classes (and profq's) are found. */
    private static void addToClassPath(Instrumentation instrumentation, UserAspects aspects) {
        for (Path jar : aspects.jars()) {
            try {
                instrumentation.appendToSystemClassLoaderSearch(new JarFile(jar.toFile()));
            } catch (IOException e) {
                throw new IllegalStateException("cannot open aspects jar " + jar.toAbsolutePath() + " (" + e.getMessage()
                        + "); give a readable jar.", e);
            }
        }
    }

    /**
     * At shutdown, or at a detach while the program runs on ({@code atShutdown} false: no final
     * collection then, which would pause the live program): how the classes were woven, then every
     * thread's last events and the end record.
     */
    private static void finish(boolean atShutdown) {
        Weaver.writeSummary();
        Recorder.close(atShutdown);
    }

    private ProfqAgent() {
    }
}
