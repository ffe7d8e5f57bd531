package org.profq.bench.real;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.profq.bench.BenchEnvironment;
import org.profq.bench.DependencyResolver;
import org.profq.format.BaseDirectories;

/**
 * profq on real programs nobody here wrote (issue 6): Lucene, PMD and H2, fetched from Maven
 * Central by the harness itself, each run without a profiler and under profq (three
 * configurations), JFR method timing and async-profiler, in alternating pairs. Prints one
 * markdown table: identical behaviour, overhead ratios, recording size, and the overlap
 * between profq's profiles and async-profiler's.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.real.RealProgramBenchmark [--tiny] [--pairs 3]
 *      [--programs lucene-index,lucene-search,pmd,h2] [--cache ~/.cache/profq-bench] [--work bench/target/real-programs]
 *      [--jdk25 /usr/lib/jvm/temurin-25-jdk-amd64] [--src-zip JDK/lib/src.zip] [--no-peers] [--configurations a,d]
 *      [--timeout-minutes 30]
 *      [--maven ./mvnw] [--repository https://repo1.maven.org/maven2]
 * </pre>
 * Progress goes to stderr, the table to stdout and to {@code <work>/results.md}.
 */
public final class RealProgramBenchmark {
    private static final String USAGE = "usage: RealProgramBenchmark [--tiny] [--pairs N] [--programs a,b] [--cache DIR] "
            + "[--work DIR] [--jdk25 DIR] [--src-zip FILE] [--no-peers] [--configurations a,d] [--timeout-minutes N] [--maven FILE]"
            + " [--repository URL]";

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        boolean tiny = options.containsKey("tiny");
        int pairs = Integer.parseInt(options.getOrDefault("pairs", tiny ? "1" : "3"));
        boolean peers = !options.containsKey("no-peers");
        List<String> programs = List.of(options.getOrDefault("programs", String.join(",", RealPrograms.NAMES)).split(","));
        // only these configurations (their keys: a, b, c, d, empty, jfr, async-cpu, ...) beside the runs without a profiler
        List<String> configurations = options.containsKey("configurations")
                ? List.of(options.get("configurations").split(",")) : null;
        Duration timeout = Duration.ofMinutes(Long.parseLong(options.getOrDefault("timeout-minutes", "30")));

        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path cache = Path.of(options.getOrDefault("cache", BaseDirectories.cacheHome().resolve("profq-bench").toString())).toAbsolutePath();
        Path work = Path.of(options.getOrDefault("work", target.resolve("real-programs").toString())).toAbsolutePath();
        Path jdk25 = Path.of(options.getOrDefault("jdk25", "/usr/lib/jvm/temurin-25-jdk-amd64"));
        Path jdk25Java = Files.isExecutable(jdk25.resolve("bin/java")) ? jdk25.resolve("bin/java") : null;
        Path java = Path.of(environment.java());
        Path maven = Path.of(options.getOrDefault("maven", findMavenWrapper(target).toString()));
        Files.createDirectories(work.resolve("inputs"));
        Files.createDirectories(cache);
        if (!Snapshot.isRunningFromSnapshot()) {
            List<String> relaunchArgs = new ArrayList<>(List.of(args));
            relaunchArgs.addAll(List.of("--work", work.toString(), "--maven", maven.toString(), "--cache", cache.toString()));
            System.exit(Snapshot.relaunch(environment.benchJar(), work, environment.java(), RealProgramBenchmark.class,
                    String.join(" ", args), relaunchArgs));
        }
        Path agent = environment.profqAgent();
        List<Path> queryClassPath = new ArrayList<>(List.of(environment.benchJar(), target.resolve("query-lib").resolve("*")));

        MavenCentral central = new MavenCentral(cache, options.getOrDefault("repository", MavenCentral.DEFAULT_URL));
        DependencyResolver resolver = new DependencyResolver(cache, maven);
        List<Path> jdkHomes = new ArrayList<>(List.of(Path.of(System.getProperty("java.home")), jdk25));
        Path srcZip = options.containsKey("src-zip") ? Path.of(options.get("src-zip")) : JdkSources.findSrcZip(jdkHomes);
        RealPrograms definitions = new RealPrograms(central, resolver, new JdkSources(srcZip, cache), work, java, tiny);
        ProfilerSetups setups = ProfilerSetups.probe(agent, environment.aspectjWeaver(), java, jdk25Java, central, cache,
                environment.benchJar(), work, peers);
        if (peers && jdk25Java == null) {
            System.err.println("no JDK 25 at " + jdk25 + ": JFR method timing is left out (--jdk25 names one)");
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
    }

    /** The project's {@code mvnw}, found upwards from bench/target; Maven on the PATH otherwise. */
    private static Path findMavenWrapper(Path from) {
        for (Path dir = from.toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path wrapper = dir.resolve("mvnw");
            if (Files.isExecutable(wrapper)) {
                return wrapper;
            }
        }
        return Path.of("mvn");
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException(USAGE);
            }
            String key = args[i].substring(2);
            if (key.equals("tiny") || key.equals("no-peers")) {
                options.put(key, "true");
            } else if (i + 1 < args.length) {
                options.put(key, args[++i]); // a later --work/--maven/--cache (the relaunch's) wins
            } else {
                throw new IllegalArgumentException(USAGE);
            }
        }
        return options;
    }

    private RealProgramBenchmark() {
    }
}
