package org.profq.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What the JUnit extension ({@code @Profq}) adds to a test class's run beyond the recording: the
 * same ten tests (profq.bench.junit.LineParserTests) run under the agent plain and under
 * {@code @Profq} with a baseline each, one fresh JVM per run, alternately; the time of the test
 * class's run (the JUnit Platform's discovery and execution, in the forked JVM) is compared, and
 * an unrecorded run is shown beside them for scale.
 */
@Command(name = "JUnitExtensionCost", mixinStandardHelpOptions = true,
        description = "What @Profq adds to a test class's run under the agent: plain against @Profq with baselines, in fresh JVMs.")
public final class JUnitExtensionCost implements Callable<Integer> {
    private static final String PLAIN = "profq.bench.junit.PlainLineParserTests";
    private static final String PROFILED = "profq.bench.junit.ProfiledLineParserTests";

    @Mixin
    private ForkedJvmOptions jvm = new ForkedJvmOptions();

    @Option(names = "--rounds", description = "runs of each configuration (default: ${DEFAULT-VALUE})")
    int rounds = 7;

    @Option(names = "--work", description = "where the recordings and baselines go (default: a new temporary directory)")
    Path work;

    public static void main(String[] args) {
        System.exit(new CommandLine(new JUnitExtensionCost()).execute(args));
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        BenchEnvironment environment = BenchEnvironment.locate(jvm.java);
        Path directory = work != null ? Files.createDirectories(work) : Files.createTempDirectory("profq-junit-cost");
        String classPath = environment.benchJar() + File.pathSeparator + environment.benchJar().resolveSibling("junit-lib").resolve("*");
        run(environment, classPath, directory, PROFILED, true, "-Dprofq.updateBaselines=true"); // writes the baselines
        List<long[]> unrecorded = new ArrayList<>();
        List<long[]> plain = new ArrayList<>();
        List<long[]> profiled = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            boolean profiledFirst = round % 2 == 1;
            if (profiledFirst) {
                profiled.add(run(environment, classPath, directory, PROFILED, true));
            }
            plain.add(run(environment, classPath, directory, PLAIN, true));
            if (!profiledFirst) {
                profiled.add(run(environment, classPath, directory, PROFILED, true));
            }
            unrecorded.add(run(environment, classPath, directory, PLAIN, false));
        }
        System.out.printf(Locale.ROOT, "a test class of 10 tests, median of %d fresh JVMs each (ms)   wall   CPU: tests' thread   JVM%n", rounds);
        row("unrecorded", unrecorded);
        row("agent, plain", plain);
        row("agent, @Profq with a baseline a test", profiled);
        System.out.printf(Locale.ROOT, "  %-50s %8.1f  %8.1f  %8.1f%n", "@Profq adds (difference of the medians)",
                median(profiled, 0) - median(plain, 0), median(profiled, 1) - median(plain, 1), median(profiled, 2) - median(plain, 2));
        System.out.printf(Locale.ROOT, "  per round, wall: %s; tests' thread CPU: %s; JVM CPU: %s%n", differences(plain, profiled, 0),
                differences(plain, profiled, 1), differences(plain, profiled, 2));
        return 0;
    }

    /** One fresh JVM running {@code testClass}: the run's wall, tests' thread CPU and process CPU nanoseconds, as it measured them. */
    private long[] run(BenchEnvironment environment, String classPath, Path directory, String testClass, boolean recorded, String... properties)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(environment.java()));
        if (recorded) {
            Path recording = Files.createTempDirectory(directory, "run").resolve("tests.profq");
            command.add("-javaagent:" + environment.profqAgent() + "=out=" + recording + ",include=profq.bench.junit..*");
        }
        command.add("-Dchronicle.analytics.disable=true");
        command.addAll(List.of(properties));
        command.addAll(List.of("-cp", classPath, TimedTestClass.class.getName(), testClass));
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(300, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(testClass + " did not run: " + output);
        }
        String[] first = output.lines().filter(line -> line.matches("\\d+ \\d+ \\d+ \\d+ \\d+")).findFirst()
                .orElseThrow(() -> new IllegalStateException(testClass + " printed no time: " + output)).split(" ");
        if (!first[4].equals("0") || !first[3].equals("10")) {
            throw new IllegalStateException(testClass + ": " + first[3] + " passed, " + first[4] + " failed: " + output);
        }
        if (jvm.verbose) {
            System.out.print(output);
        }
        return new long[] {Long.parseLong(first[0]), Long.parseLong(first[1]), Long.parseLong(first[2])};
    }

    private static void row(String name, List<long[]> runs) {
        System.out.printf(Locale.ROOT, "  %-50s %8.1f  %8.1f  %8.1f%n", name, median(runs, 0), median(runs, 1), median(runs, 2));
    }

    private static double median(List<long[]> runs, int measure) {
        List<Long> sorted = runs.stream().map(run -> run[measure]).sorted().toList();
        int middle = sorted.size() / 2;
        long value = sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
        return value / 1e6;
    }

    private static String differences(List<long[]> plain, List<long[]> profiled, int measure) {
        List<String> rounds = new ArrayList<>();
        for (int i = 0; i < plain.size(); i++) {
            rounds.add(String.format(Locale.ROOT, "%.0f", (profiled.get(i)[measure] - plain.get(i)[measure]) / 1e6));
        }
        return String.join(", ", rounds);
    }
}
