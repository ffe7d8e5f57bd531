package org.profq.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * A new process's first answer: {@code ./profq sql REC -e "SELECT * FROM heap_by_method"} on a
 * recording whose index is built, timed from the launcher's start to its exit (issue 16's
 * "fast start"; target at most 1.0 s on the 2-core machine for a small recording).
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.FirstAnswerBenchmark --help
 * </pre>
 *
 * <ol>
 *   <li>The recording is {@code --recording}, or {@code bench/target/first-answer/profq-demo.profq},
 *       which {@code profq demo} makes (the bundled sample, 3,114 events) when it is missing.
 *       One untimed query builds its index.</li>
 *   <li>The launcher runs the query {@code --runs} times after one untimed run, each time in a
 *       new process; with {@code --vs} (another checkout's launcher, or the same one with other
 *       {@code --vs-env}, e.g. {@code PROFQ_CDS=off}) the two run in turn, A B A B, and the
 *       ratio is taken pair by pair, so a machine whose speed drifts still compares them fairly.</li>
 *   <li>With {@code --profiler} (async-profiler's {@code libasyncProfiler.so}; the real-program
 *       harness keeps one under {@code ~/.cache/profq-bench/async-profiler/}), five more runs of
 *       A under its CPU sampler give each thread's CPU time and the main thread's time by phase
 *       ({@link StartupPhases}); CPU time, unlike wall time, hardly depends on what else runs.</li>
 * </ol>
 * Prints markdown; what the launcher prints is thrown away unless a run fails.
 */
@Command(name = "FirstAnswerBenchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "A new process's first answer to a query on a recording whose index is built, timed from start to exit.")
public final class FirstAnswerBenchmark implements Callable<Integer> {
    private static final int PROFILED_RUNS = 5;

    @Option(names = "--runs", paramLabel = "N", description = "timed runs (default: ${DEFAULT-VALUE})")
    private int runs = 10;

    @Option(names = "--launcher", paramLabel = "PATH", description = "the launcher timed (default: the repository's profq)")
    private Path launcher;

    @Option(names = "--env", paramLabel = "NAME=VALUE", description = "the launcher's environment (repeatable)")
    private Map<String, String> env = new LinkedHashMap<>();

    @Option(names = "--vs", paramLabel = "PATH", description = "another launcher, run in turn with the first")
    private Path vs;

    @Option(names = "--vs-env", paramLabel = "NAME=VALUE", description = "the other launcher's environment (repeatable)")
    private Map<String, String> vsEnv = new LinkedHashMap<>();

    @Option(names = "--recording", paramLabel = "DIR", description = "the recording (default: the one profq demo makes)")
    private Path recording;

    @Option(names = "--sql", paramLabel = "SQL", description = "the query (default: ${DEFAULT-VALUE})")
    private String sql = "SELECT * FROM heap_by_method";

    @Option(names = "--profiler", paramLabel = "libasyncProfiler.so", description = "also profile five runs of the first launcher")
    private Path profiler;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FirstAnswerBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path repository = BenchEnvironment.locate(BenchEnvironment.currentJava()).benchJar().getParent().getParent().getParent();
        Launcher a = new Launcher(launcher != null ? launcher : repository.resolve("profq"), env);
        Launcher b = vs != null ? new Launcher(vs, vsEnv) : null;
        Path recording = this.recording != null ? this.recording
                : demoRecording(a, repository.resolve("bench").resolve("target").resolve("first-answer"));

        List<String> query = List.of("sql", recording.toAbsolutePath().toString(), "-e", sql);
        a.run(query, null); // builds the index if it is missing, and is the untimed run
        if (b != null) {
            b.run(query, null);
        }
        List<Double> timesA = new ArrayList<>();
        List<Double> timesB = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double seconds = a.time(query);
            timesA.add(seconds);
            if (b != null) {
                double baseline = b.time(query);
                timesB.add(baseline);
                ratios.add(seconds / baseline);
            }
        }
        System.out.println("First answer: `profq sql " + recording + " -e \"" + sql + "\"`, " + runs
                + " runs, wall seconds from the launcher's start to its exit\n");
        System.out.println("| launcher | median | min | max |\n| --- | ---: | ---: | ---: |");
        System.out.println(row("A: " + a, timesA, "%.2f s"));
        if (b != null) {
            System.out.println(row("B: " + b, timesB, "%.2f s"));
            System.out.println(row("A/B, pair by pair", ratios, "%.2f"));
        }
        if (profiler != null) {
            StartupPhases phases = new StartupPhases();
            Path stacks = Files.createTempFile("profq-first-answer", ".collapsed");
            try {
                for (int i = 0; i < PROFILED_RUNS; i++) {
                    a.withOptions("-agentpath:" + profiler + "=start,event=cpu,interval=1ms,threads,collapsed,file=" + stacks)
                            .run(query, null);
                    phases.add(stacks);
                }
            } finally {
                Files.deleteIfExists(stacks);
            }
            System.out.println();
            System.out.println(phases.markdown("A, CPU ms (median of " + PROFILED_RUNS + " runs under async-profiler's CPU sampler)"));
        }
        return 0;
    }

    private static String row(String label, List<Double> values, String format) {
        List<Double> sorted = values.stream().sorted().toList();
        return "| " + label + " | " + String.format(format, median(sorted)) + " | " + String.format(format, sorted.get(0))
                + " | " + String.format(format, sorted.get(sorted.size() - 1)) + " |";
    }

    static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** The small recording {@code profq demo} makes, made once. */
    static Path demoRecording(Launcher launcher, Path directory) throws IOException, InterruptedException {
        Path recording = directory.resolve("profq-demo.profq");
        if (!Files.isDirectory(recording.resolve("events"))) {
            Files.createDirectories(directory);
            launcher.run(List.of("demo"), directory);
        }
        return recording;
    }

    /** A launcher script and the environment it runs with. */
    record Launcher(Path script, Map<String, String> environment) {
        Launcher withOptions(String javaOptions) {
            Map<String, String> more = new HashMap<>(environment);
            more.merge("PROFQ_JAVA_OPTS", javaOptions, (given, added) -> given + " " + added);
            return new Launcher(script, more);
        }

        /** Wall seconds of one run. */
        double time(List<String> args) throws IOException, InterruptedException {
            long start = System.nanoTime();
            run(args, null);
            return (System.nanoTime() - start) / 1e9;
        }

        void run(List<String> args, Path workingDirectory) throws IOException, InterruptedException {
            List<String> command = new ArrayList<>(List.of(script.toString()));
            command.addAll(args);
            Path output = Files.createTempFile("profq-first-answer", ".out");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(output.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
                if (workingDirectory != null) {
                    builder.directory(workingDirectory.toFile());
                }
                builder.environment().putAll(environment);
                Process process = builder.start();
                if (!process.waitFor(10, TimeUnit.MINUTES)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " did not end within 10 minutes");
                }
                if (process.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", command) + " exited with " + process.exitValue()
                            + ":\n" + Files.readString(output));
                }
            } finally {
                Files.deleteIfExists(output);
            }
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder();
            environment.forEach((name, value) -> text.append(name).append('=').append(value).append(' '));
            return text.append('`').append(script).append('`').toString();
        }
    }

}
