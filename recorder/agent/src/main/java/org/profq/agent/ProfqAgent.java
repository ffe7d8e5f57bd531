package org.profq.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;

import org.profq.event.Recorder;
import org.profq.log.ChronicleSettings;
import org.profq.log.EventLog;
import org.profq.weave.Weaver;

/**
 * The Java agent: {@code -javaagent:profq-agent.jar=<options>}. Opens what Chronicle needs,
 * creates the recording and its header, starts the recorder, then AspectJ's load-time weaver,
 * and closes the recording at shutdown (normal end, {@code System.exit} or SIGTERM).
 */
public final class ProfqAgent {
    /** Exit status when the agent cannot start: the program does not run unrecorded by surprise. */
    static final int USAGE_EXIT = 2;

    public static void premain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation);
    }

    public static void agentmain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation);
    }

    private static void start(String agentArgs, Instrumentation instrumentation) {
        AgentOptions options;
        Path recording;
        EventLog log;
        try {
            options = AgentOptions.parse(agentArgs);
            recording = OutputDirectory.choose(options.out());
        } catch (IllegalArgumentException e) {
            refuse(e.getMessage());
            return;
        }
        ChronicleSettings.apply();
        ModuleOpener.openJavaBaseTo(instrumentation, ProfqAgent.class.getModule());
        try {
            log = EventLog.create(recording, options.window());
        } catch (IOException | RuntimeException e) {
            refuse("cannot create the recording in " + recording.toAbsolutePath() + " (" + e.getMessage()
                    + "); choose a writable directory with out=<dir>.");
            return;
        }
        RunHeader.write(log, options);
        Recorder.start(log, instrumentation, options.exactClock(), options.tickMicros() * 1_000,
                options.records(AgentOptions.EventKind.DEATHS) ? options.trackEvery() : 0, options.flushMillis() * 1_000_000);
        if (!options.values().isEmpty()) {
            Recorder.startValues(options.values(), options.rawStrings());
        }
        Runtime.getRuntime().addShutdownHook(new Thread(ProfqAgent::finish, "profq-shutdown"));
        Weaver.start(instrumentation, options.weaving(), recording);
        CompilerHints.applyInBackground(recording);
    }

    /** At shutdown: how the classes were woven, then every thread's last events and the end record. */
    private static void finish() {
        Weaver.writeSummary();
        Recorder.close();
    }

    private static void refuse(String message) {
        System.err.println("profq: " + message);
        System.exit(USAGE_EXIT);
    }

    private ProfqAgent() {
    }
}
