package org.profq.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
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
                "                    [--events=KINDS] [--out=DIR] [--clock=tick|exact]",
                "                    [--tick=MICROS] [--track=N] [--cache=DIR|off]",
                "                    [--max-size=SIZE] [--max-age=DURATION]",
                "                    [--values=PATTERN]... [--raw-strings] [--flush=MILLIS]",
                "                    -- java [JVM options] MAIN [args...]"},
        description = {
                "%nMAIN is a class, -jar app.jar, or -m module/class. The recording is a directory,"
                        + " <MainClass>.profq in the working directory unless --out names one.",
                "%nEvery JVM the program starts with the same agent option (a harness forking with its own JVM"
                        + " options) is recorded too, into the recording's jvms/jvm2.profq, jvms/jvm3.profq, ...;"
                        + " profq info lists them and profq sql opens each as a schema (jvm2, jvm3, ...).",
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

    @Option(names = "--include", paramLabel = "PATTERN",
            description = "Record only classes matching this AspectJ type pattern (com.example..*); repeatable.")
    List<String> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "PATTERN",
            description = "Do not record classes matching this AspectJ type pattern; repeatable.")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--events", paramLabel = "KINDS",
            description = "Event families to record, joined with ':': calls, allocations, deaths (of every"
                    + " --track'th allocated object), exceptions, uses (field reads/writes and method calls on"
                    + " tracked objects; implies deaths) (default: calls:allocations).")
    String events;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The recording directory; it must be new or empty, checked before the program starts"
                    + " (default: <MainClass>.profq, numbered if taken).")
    Path out;

    @Option(names = "--clock", paramLabel = "tick|exact",
            description = "tick (default): a timer thread's cheap clock; exact: System.nanoTime per event.")
    String clock;

    @Option(names = "--tick", paramLabel = "MICROS",
            description = "The tick clock's period in microseconds, 10 to 1000000 (default 200).")
    Long tickMicros;

    @Option(names = "--track", paramLabel = "N",
            description = "With --events deaths: follow every Nth allocation of each thread to its death (default 100; 1 = all).")
    Integer trackEvery;

    @Option(names = "--cache", paramLabel = "DIR|off",
            description = "Where woven classes are kept, so a program profiled again is not woven again"
                    + " (default ~/.cache/profq/woven, or under $XDG_CACHE_HOME); off weaves every run.")
    String cache;

    @Option(names = "--max-size", paramLabel = "SIZE",
            description = "Keep only the latest events, the recording at most SIZE (512m, 2g; 1m or more) plus the"
                    + " part being written; the dropped events are counted as lost and the run table says from when"
                    + " the recording is complete (default: keep everything).")
    String maxSize;

    @Option(names = "--max-age", paramLabel = "DURATION",
            description = "Keep only the events of the last DURATION (30s, 10m, 2h, 1d; 10s or more), dropped and"
                    + " counted as with --max-size (default: keep everything).")
    String maxAge;

    @Option(names = "--values", paramLabel = "PATTERN",
            description = "Value-profile the methods matching this glob over package.Class.method (* is any run of"
                    + " characters: *Calc.square, org.h2.command.*.update*): each call's receiver and arguments, and the"
                    + " field writes that tell whether objects changed between calls (see the value_profile view and the"
                    + " values report); repeatable. Every field write in woven code then costs a look-up (default: off).")
    List<String> values = new ArrayList<>();

    @Option(names = "--raw-strings",
            description = "With --values: keep string parameters' text (up to 4096 characters), not only their 64-bit hash.")
    boolean rawStrings;

    @Option(names = "--flush", paramLabel = "MILLIS",
            description = "Write each thread's events at least every MILLIS ms, 10 to 60000: how far behind a live"
                    + " query (profq top, \\watch) may be, and how much a killed program loses (default 1000).")
    Long flushMillis;

    @Parameters(paramLabel = "java", arity = "0..*",
            description = "After --: the java command line to run, starting with java or the path of a java executable.")
    List<String> javaWords = new ArrayList<>();

    @Override
    public Integer call() {
        JavaCommandLine java = javaCommandLine();
        agentOptions(out == null ? null : out.toString()); // checked before anything is created or started
        Path agentJar = AgentJar.locate();
        RecordingDirectory directory = recordingDirectory(java);
        // Absolute, so that a JVM the program starts in another working directory with the same
        // agent option records into the same group.
        String agent = "-javaagent:" + agentJar + "=" + agentOptions(directory.path().toAbsolutePath().toString());

        int exitCode;
        try {
            exitCode = ProgramRun.run(java.withAgent(agent));
        } catch (IOException e) {
            directory.removeIfUnused();
            throw new CommandFailure("cannot start " + java.words().get(0) + " (" + e.getMessage()
                    + "); put java on the PATH or give the path of a java executable after --.", e);
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
            if (rawStrings && values.isEmpty()) {
                throw new IllegalArgumentException("--raw-strings keeps the text of value-profiled string parameters; give the"
                        + " methods with --values=PATTERN.");
            }
            return new AgentArguments(include, exclude, events, clock, tickMicros, trackEvery, cache, maxSize, maxAge, values,
                    rawStrings, flushMillis)
                    .withOut(outDirectory);
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
        return RecordingSummary.of(directory.path());
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
