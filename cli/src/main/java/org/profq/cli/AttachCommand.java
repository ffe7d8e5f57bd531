package org.profq.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.Callable;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import org.profq.agent.AgentProperties;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;
import org.profq.recording.UnwovenClass;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq attach PID}: loads the agent into a JVM that started without it (the Attach API).
 * AspectJ weaves classes as they load, so the recording covers the classes loaded from now on;
 * those already loaded keep running unrecorded, and are named in the recording
 * ({@code unwoven_classes}, {@code profq info}). The recording ends with the program, or with
 * {@code profq detach PID}.
 */
@Command(name = "attach",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Starts recording a running JVM: the classes it loads from now on.",
        customSynopsis = {
                "profq attach PID [--out=DIR] [--include=PATTERN]... [--exclude=PATTERN]...",
                "                 [--events=KINDS] [--flush=MILLIS] [other profq record options]"},
        description = {
                "%nThe JVM must run as your user. Classes it loaded before the attach are not woven: their"
                        + " methods and allocations are not recorded (calls into them from later classes are);"
                        + " the recording names them (profq info, SELECT * FROM unwoven_classes).",
                "%nOn JDK 21 and later the JVM itself prints a warning about a dynamically loaded agent on"
                        + " its stderr, unless it was started with -XX:+EnableDynamicAgentLoading.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:recording", "1:the JVM cannot be attached to, or the agent refused",
                "2:usage error"})
public final class AttachCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "PID", description = "The process id of the running JVM.")
    long pid;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The recording directory; new or empty (default: <MainClass>.profq here, numbered if taken).")
    Path out;

    @Mixin
    RecorderOptions recorder;

    @Override
    public Integer call() throws IOException {
        try {
            recorder.agentOptions(out == null ? null : out.toString());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        Path agentJar = AgentJar.locate();
        VirtualMachine jvm = AttachedJvm.attach(pid);
        try {
            Properties system = jvm.getSystemProperties();
            String already = jvm.getAgentProperties().getProperty(AgentProperties.RECORDING);
            if (already != null) {
                throw new CommandFailure("profq records JVM " + pid + " already, into " + already + "; profq detach " + pid
                        + " ends that recording.");
            }
            RecordingDirectory directory = recordingDirectory(system.getProperty("sun.java.command", ""));
            String options = recorder.agentOptions(directory.path().toAbsolutePath().toString());
            AttachedJvm.loadAgent(jvm, pid, agentJar, options);
            String refused = jvm.getAgentProperties().getProperty(AgentProperties.REFUSED);
            if (refused != null) {
                directory.removeIfUnused();
                throw new CommandFailure("the agent in JVM " + pid + " did not start: " + refused.replaceFirst("\\.$", "") + ".");
            }
            System.err.println("profq: " + covered(directory.path(), pid));
            if (Runtime.Version.parse(system.getProperty("java.version", "17")).feature() >= 21) {
                System.err.println("profq: JVM " + pid + " may print a warning about a dynamically loaded agent on its stderr"
                        + " (JDK 21+); -XX:+EnableDynamicAgentLoading at its start avoids it.");
            }
            return 0;
        } finally {
            jvm.detach();
        }
    }

    /** What the recording covers, from the recording itself: the classes loaded from now on, not the ones before. */
    private static String covered(Path recording, long pid) {
        try (Recording opened = Recording.open(recording)) {
            long before = opened.unwovenClasses().stream().filter(type -> type.reason().equals(UnwovenClass.LOADED_BEFORE_ATTACH)).count();
            return "recording JVM " + pid + " (" + opened.run().mainClass() + ") into " + recording + ": the classes it loads from"
                    + " now on; the " + before + " of its classes loaded before are not woven (profq info " + recording
                    + " lists them). profq detach " + pid + " ends the recording, as does the program's end.";
        } catch (RecordingException e) {
            return "recording JVM " + pid + " into " + recording + ".";
        }
    }

    private RecordingDirectory recordingDirectory(String javaCommand) {
        try {
            if (out != null) {
                return RecordingDirectory.requested(out);
            }
            String main = javaCommand.strip().split(" ", 2)[0];
            if (main.endsWith(".jar")) {
                main = Path.of(main).getFileName().toString().replaceFirst("\\.jar$", "");
            }
            String simple = main.substring(main.lastIndexOf('.') + 1).replaceAll("[^\\w.-]", "_");
            return RecordingDirectory.firstFree(simple.isEmpty() ? "attached" : simple);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The Attach API's steps, each failure as one sentence that says what to do. */
    static final class AttachedJvm {
        static VirtualMachine attach(long pid) {
            try {
                return VirtualMachine.attach(String.valueOf(pid));
            } catch (AttachNotSupportedException | IOException e) {
                throw new CommandFailure("cannot attach to process " + pid + " (" + e.getMessage() + "); give the pid of a"
                        + " running JVM of your own user (jps lists them).", e);
            }
        }

        static void loadAgent(VirtualMachine jvm, long pid, Path agentJar, String options) {
            try {
                jvm.loadAgent(agentJar.toString(), options);
            } catch (AgentLoadException | AgentInitializationException | IOException e) {
                throw new CommandFailure("JVM " + pid + " did not load the agent " + agentJar + " (" + e.getMessage()
                        + "); a JVM started with -XX:-EnableDynamicAgentLoading refuses every agent.", e);
            }
        }

        private AttachedJvm() {
        }
    }
}
