package org.profq.bench.real;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.profq.bench.BenchEnvironment;
import org.profq.bench.DependencyResolver;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * profq on real programs nobody here wrote (issue 6): Lucene, PMD and H2, fetched from Maven
 * Central by the harness itself, each run without a profiler and under profq (three
 * configurations), JFR method timing and async-profiler, in alternating pairs. Prints one
 * markdown table: identical behaviour, overhead ratios, recording size, and the overlap
 * between profq's profiles and async-profiler's.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.real.RealProgramBenchmark --help
 * </pre>
 * Progress goes to stderr, the table to stdout and to {@code <work>/results.md}.
 */
@Command(name = "RealProgramBenchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Real programs plainly, under profq's configurations and under peer profilers, in alternating pairs.")
public final class RealProgramBenchmark implements Callable<Integer> {
    @Option(names = "--programs", split = ",", paramLabel = "NAME", description = "the programs to run (default: all)")
    private List<String> programs = RealPrograms.NAMES;

    @Option(names = "--pairs", paramLabel = "N", description = "pairs per configuration (default: 3, 1 with --tiny)")
    private Integer pairs;

    @Option(names = "--tiny", description = "tiny inputs")
    private boolean tiny;

    @Option(names = "--no-peers", negatable = false, description = "leave out JFR and async-profiler")
    private boolean noPeers;

    @Option(names = "--configurations", split = ",", paramLabel = "KEY",
            description = "only these configurations beside the plain runs (a, b, c, d, empty, jfr, async-cpu, ...)")
    private List<String> configurations;

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "a run's time limit (default: ${DEFAULT-VALUE})")
    private long timeoutMinutes = 30;

    @Option(names = "--work", paramLabel = "DIR", description = "where runs and results.md go (default: bench/target/real-programs)")
    private Path work;

    @Mixin
    private ProgramSourceOptions sources = new ProgramSourceOptions();

    private final String[] args;

    private RealProgramBenchmark(String[] args) {
        this.args = args.clone();
    }

    public static void main(String[] args) {
        // a repeated option takes its last value: the relaunch from a snapshot of the jars appends --work, --maven and --cache
        System.exit(new CommandLine(new RealProgramBenchmark(args)).setOverwrittenOptionsAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        int pairs = this.pairs != null ? this.pairs : tiny ? 1 : 3;
        boolean peers = !noPeers;
        Duration timeout = Duration.ofMinutes(timeoutMinutes);

        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path cache = sources.cache();
        Path work = (this.work != null ? this.work : target.resolve("real-programs")).toAbsolutePath();
        Path jdk25Java = sources.jdk25Java();
        Path java = Path.of(environment.java());
        Path maven = sources.maven(target);
        Files.createDirectories(work.resolve("inputs"));
        Files.createDirectories(cache);
        if (!Snapshot.isRunningFromSnapshot()) {
            List<String> relaunchArgs = new ArrayList<>(List.of(args));
            relaunchArgs.addAll(List.of("--work", work.toString(), "--maven", maven.toString(), "--cache", cache.toString()));
            return Snapshot.relaunch(environment.benchJar(), work, environment.java(), RealProgramBenchmark.class,
                    String.join(" ", args), relaunchArgs);
        }
        Path agent = environment.profqAgent();
        List<Path> queryClassPath = new ArrayList<>(List.of(environment.benchJar(), target.resolve("query-lib").resolve("*")));

        MavenCentral central = new MavenCentral(cache, sources.repository);
        DependencyResolver resolver = new DependencyResolver(cache, maven);
        Path srcZip = sources.srcZip();
        RealPrograms definitions = new RealPrograms(central, resolver, new JdkSources(srcZip, cache), work, java, tiny);
        ProfilerSetups setups = ProfilerSetups.probe(agent, environment.aspectjWeaver(), java, jdk25Java, central, cache,
                environment.benchJar(), work, peers);
        if (peers && jdk25Java == null) {
            System.err.println("no JDK 25 at " + sources.jdk25 + ": JFR method timing is left out (--jdk25 names one)");
        }

        ProgramMeasurement measurement = new ProgramMeasurement(work.resolve("runs"), java, queryClassPath, timeout);
        List<ProgramMeasurement.Outcome> outcomes = new ArrayList<>();
        long start = System.nanoTime();
        for (String name : programs) {
            Program program = definitions.named(name.trim());
            System.err.println(program.name() + ": " + program.input());
            List<ProfilerSetup> chosen = setups.forProgram(program).stream()
                    .filter(setup -> configurations == null || configurations.contains(setup.key())).toList();
            outcomes.add(measurement.measure(program, chosen, pairs));
        }
        String header = String.format("Real programs, %s: %d pair%s per configuration (median ratio, min–max in brackets), "
                        + "%d cores, %s %s; profq (b) events=%s (track default); async-profiler %s with event=%s and "
                        + "event=wall, interval 1 ms, and event=alloc (bytes); woven-class caches emptied at the start "
                        + "(round 1 weaves); harness time %.0f min. Command: `java -cp bench/target/profq-bench.jar %s %s`",
                LocalDate.now(), pairs, pairs == 1 ? "" : "s", Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"), setups.everythingEvents(),
                ProfilerSetups.ASYNC_PROFILER.substring(ProfilerSetups.ASYNC_PROFILER.lastIndexOf(':') + 1), setups.cpuEvent(),
                (System.nanoTime() - start) / 60e9, RealProgramBenchmark.class.getName(),
                System.getProperty(Snapshot.COMMAND_PROPERTY, String.join(" ", args)));
        String table = OutcomesMarkdown.render(outcomes, header);
        Files.writeString(work.resolve("results.md"), table);
        System.out.println(table);
        return 0;
    }
}
