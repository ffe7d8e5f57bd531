package org.profq.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.profq.engine.api.Indexing;
import org.profq.format.RecordingLayout;
import org.profq.recording.Recording;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq record [options] -- java <args>}: runs the java command line with profq's agent
 * inserted after the executable, then prints a one-line summary of the recording on stderr.
 * Everything that can be wrong with the command line or the output directory is found before
 * the program starts; the program's own exit code becomes profq's.
 */
@Command(name = "record",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Runs a Java program with the profq agent and writes its recording.",
        customSynopsis = {
                "profq record [--include=PATTERN]... [--exclude=PATTERN]...",
                "                    [--events=KINDS | --for=REPORT[,REPORT...]]",
                "                    [--out=DIR] [--clock=tick|exact] [--tick=MICROS]",
                "                    [--track=N] [--no-final-gc] [--cache=DIR|off]",
                "                    [--max-size=SIZE] [--max-age=DURATION]",
                "                    [--values=PATTERN]... [--raw-strings]",
                "                    [--flush=MILLIS] [--no-index] [--aspects=JAR]...",
                "                    -- java [JVM options] MAIN [args...]"},
        description = {
                "%nMAIN is a class, -jar app.jar, or -m module/class. The recording is a directory,"
                        + " <MainClass>.profq in the working directory unless --out names one.",
                "%nEvery JVM the program starts with the same agent option (a harness forking with its own JVM"
                        + " options) is recorded too, into the recording's jvms/jvm2.profq, jvms/jvm3.profq, ...;"
                        + " profq info lists them and profq sql opens each as a schema (jvm2, jvm3, ...).",
                "%nWhile the program runs, profq indexes the recording on a background thread of its own, in"
                        + " Linux's idle scheduling class and only while a core is idle, so that when the program ends"
                        + " little is left to index and the first query answers at once; --no-index leaves the index to"
                        + " the first query.",
                "%nThe program's stdin, stdout and stderr are its own; when it ends, profq prints one summary"
                        + " line on stderr and exits with the program's exit code.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "n:the program's exit code (128 + signal if it was killed)",
                "1:profq failed (agent jar missing, java not startable)",
                "2:usage error, or the recording cannot be written (checked before the program runs)"})
public final class RecordCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The recording directory; it must be new or empty, checked before the program starts"
                    + " (default: <MainClass>.profq, numbered if taken).")
    Path out;

    @Mixin
    RecorderOptions recorder;

    @Option(names = "--no-index",
            description = "Do not index the recording while the program runs (nor with --max-size or --max-age, whose"
                    + " log is cut as it grows); the first query builds the index instead.")
    boolean noIndex;

    @Parameters(paramLabel = "java", arity = "0..*",
            description = "After --: the java command line to run, starting with java or the path of a java executable.")
    List<String> javaWords = new ArrayList<>();

    @Override
    public Integer call() {
        JavaCommandLine java = javaCommandLine();
        String checked = agentOptions(out == null ? null : out.toString()); // checked before anything is created or started
        if (recorder.events != null) {
            RecordedFamilies.leftOut(recorder.events, checked).ifPresent(sentence -> System.err.println("profq: " + sentence));
        }
        if (!recorder.forReports.isEmpty()) {
            System.err.println("profq: " + RecordedFamilies.forLine(checked));
        }
        Path agentJar = AgentJar.locate();
        RecordingDirectory directory = recordingDirectory(java);
        // Absolute, so that a JVM the program starts in another working directory with the same
        // agent option records into the same group.
        String agent = "-javaagent:" + agentJar + "=" + agentOptions(directory.path().toAbsolutePath().toString());

        IndexWhileRecording indexer = null;
        if (!noIndex && recorder.maxSize == null && recorder.maxAge == null) {
            Indexing.showProgressOn(null); // the program's terminal is its own: no progress bar over its output
            indexer = IndexWhileRecording.start(directory.path());
        }
        int exitCode;
        try {
            exitCode = ProgramRun.run(java.withAgent(agent));
        } catch (IOException e) {
            if (indexer != null) {
                indexer.finish();
            }
            directory.removeIfUnused();
            throw new CommandFailure("cannot start " + java.words().get(0) + " (" + e.getMessage()
                    + "); put java on the PATH or give the path of a java executable after --.", e);
        }
        if (indexer != null) {
            indexer.finish();
        }
        System.err.println("profq: " + summary(directory, exitCode));
        return exitCode;
    }

    /** The words after {@code --}; positional words before it mean the user forgot the {@code --}. */
    private JavaCommandLine javaCommandLine() {
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        int delimiter = original.indexOf("--");
        boolean afterDelimiter = delimiter >= 0
                && original.subList(delimiter + 1, original.size()).equals(javaWords);
        if (!javaWords.isEmpty() && !afterDelimiter) {
            String example = JavaCommandLine.startsWithJava(javaWords) ? String.join(" ", javaWords) : "java -cp app.jar com.example.Main";
            throw usage("put -- before the java command: profq record [options] -- " + example + ".");
        }
        try {
            return JavaCommandLine.of(javaWords);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** The agent's option string for {@code outDirectory}; a mistake in an option is a usage error. */
    private String agentOptions(String outDirectory) {
        try {
            return recorder.agentOptions(outDirectory);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private RecordingDirectory recordingDirectory(JavaCommandLine java) {
        try {
            if (out != null) {
                return RecordingDirectory.requested(out);
            }
            String name = java.mainSimpleName().orElseThrow(() -> new IllegalArgumentException(
                    "cannot tell the main class from the java command line; name the recording with --out DIR."));
            return RecordingDirectory.firstFree(name);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private static String summary(RecordingDirectory directory, int exitCode) {
        if (directory.holdsNothing()) {
            // The JVM stopped before the agent wrote anything: a bad JVM option, or the agent refused.
            directory.removeIfUnused();
            return "nothing was recorded: the program ended (exit code " + exitCode + ") before the recorder started.";
        }
        if (exitCode != 0 && holdsNoEvent(directory.path())) {
            // The program failed before any woven code ran: no main class, a class path that is wrong.
            directory.removeRecording();
            return "nothing was recorded: the program failed (exit code " + exitCode + ") before any of its code ran,"
                    + " as when java cannot find the main class, so no recording was kept.";
        }
        return RecordingSummary.of(directory.path());
    }

    /**
     * Whether the recording in {@code directory} ended normally holding no event at all, and no
     * other JVM's recording beside it (a killed program's recording is kept: its events may be
     * missing, not absent).
     */
    private static boolean holdsNoEvent(Path directory) {
        if (Files.exists(RecordingLayout.jvmsDirectory(directory))) {
            return false;
        }
        try (Recording recording = Recording.open(directory)) {
            return recording.eventCount() == 0 && recording.end().isPresent();
        } catch (RuntimeException unreadable) {
            return false; // RecordingSummary says why
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
