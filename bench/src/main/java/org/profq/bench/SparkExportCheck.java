package org.profq.bench;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The export read by other engines: three recordings of {@code Requests} (of 1, 2 and 3
 * times {@code --events}) exported into one dataset with {@code profq export}, then heap by
 * method across all three asked of Spark SQL (local mode, spark-sql resolved from Maven Central
 * when the check runs, as the real-program harness resolves its programs: no dependency of the
 * bench or the CLI) and of DuckDB, each answer compared line for line with profq's own (its
 * {@code heap_by_method} of each recording, summed). Prints a markdown table; exits 1 when an
 * answer differs.
 *
 * <p>{@code SparkExportCheck [--events 1000000] [--spark 3.5.9] [--cli FILE] [--cache DIR]
 * [--maven FILE] [--timeout-minutes 30]}. Spark 3.5 on JDK 17 needs the module options its own
 * launcher adds ({@link #SPARK_JAVA_OPTIONS}); a plain {@code java -cp} JVM gets them here.
 */
@Command(name = "SparkExportCheck", mixinStandardHelpOptions = true, sortOptions = false,
        description = "profq's export read by Spark SQL and DuckDB, each answer compared with profq's own.")
public final class SparkExportCheck implements Callable<Integer> {
    /** What Spark 3.5's launcher (org.apache.spark.launcher.JavaModuleOptions) adds to every JVM it starts on JDK 17. */
    static final List<String> SPARK_JAVA_OPTIONS = List.of("-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED", "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED", "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens=java.base/sun.security.action=ALL-UNNAMED", "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "--add-opens=java.security.jgss/sun.security.krb5=ALL-UNNAMED", "-Djdk.reflect.useDirectMethodHandle=false");

    @Option(names = "--events", paramLabel = "N", description = "events of the smallest recording (default: ${DEFAULT-VALUE})")
    private long events = 1_000_000;

    @Option(names = "--spark", paramLabel = "VERSION", description = "spark-sql's version (default: ${DEFAULT-VALUE})")
    private String sparkVersion = "3.5.9";

    @Option(names = "--cli", paramLabel = "FILE", description = "profq's command-line jar (default: cli/target/profq-cli.jar)")
    private Path cliOption;

    @Option(names = "--cache", paramLabel = "DIR", description = "where Spark is resolved to (default: ~/.cache/profq-bench)")
    private Path cache = Path.of(System.getProperty("user.home"), ".cache", "profq-bench");

    @Option(names = "--maven", paramLabel = "FILE", description = "the Maven that resolves Spark (default: the repository's mvnw)")
    private Path mavenOption;

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "a run's time limit (default: ${DEFAULT-VALUE})")
    private long timeoutMinutes = 30;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SparkExportCheck()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path root = target.getParent().getParent();
        Path cli = (cliOption != null ? cliOption : root.resolve("cli/target/profq-cli.jar")).toAbsolutePath().normalize();
        Path maven = mavenOption != null ? mavenOption : root.resolve("mvnw");
        Path work = target.resolve("export-check");
        String queryClassPath = environment.benchJar() + File.pathSeparator + target.resolve("query-lib") + File.separator + "*";

        List<String> recordings = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            Path recording = work.resolve("events-" + events * k + ".profq").toAbsolutePath();
            QuerySpeedBenchmark.record(environment, recording, events * k, timeoutMinutes);
            recordings.add(recording.toString());
        }
        Path dataset = work.resolve("dataset").toAbsolutePath();
        QuerySpeedBenchmark.deleteTree(dataset);
        List<String> export = new ArrayList<>(List.of(environment.java(), "-jar", cli.toString(), "export"));
        export.addAll(recordings);
        export.addAll(List.of("-o", dataset.toString(), "--tables", "run,methods,sites,allocations"));
        long start = System.nanoTime();
        String exported = check(QuerySpeedBenchmark.run(export, timeoutMinutes)).strip();
        double exportSeconds = (System.nanoTime() - start) / 1e9;

        List<String> profqCommand = new ArrayList<>(List.of(environment.java(), "-cp", queryClassPath, ProfqHeapAcross.class.getName()));
        profqCommand.addAll(recordings);
        List<String> expected = check(QuerySpeedBenchmark.run(profqCommand, timeoutMinutes)).lines().toList();

        String duckOutput = check(QuerySpeedBenchmark.run(List.of(environment.java(), "-cp", queryClassPath,
                DuckDbHeapQuery.class.getName(), dataset.toString()), timeoutMinutes));

        List<Path> sparkJars = new DependencyResolver(cache, maven).resolve("spark-sql",
                List.of("org.apache.spark:spark-sql_2.12:" + sparkVersion));
        List<String> sparkCommand = new ArrayList<>(List.of(environment.java()));
        sparkCommand.addAll(SPARK_JAVA_OPTIONS);
        sparkCommand.addAll(List.of("-cp", environment.benchJar() + File.pathSeparator
                + sparkJars.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)),
                SparkHeapQuery.class.getName(), dataset.toString()));
        start = System.nanoTime();
        String sparkOutput = check(QuerySpeedBenchmark.run(sparkCommand, timeoutMinutes));
        double sparkJvmSeconds = (System.nanoTime() - start) / 1e9;

        boolean duckEqual = answer(duckOutput).equals(expected);
        boolean sparkEqual = answer(sparkOutput).equals(expected);
        System.out.printf("%n3 recordings (%s), exported in %.1f s: %s%n%n", String.join(", ", recordings), exportSeconds, exported);
        System.out.println("| engine | heap by method across the recordings | methods | query (s) | JVM (s) |");
        System.out.println("| --- | --- | ---: | ---: | ---: |");
        System.out.printf("| profq (heap_by_method of each, summed) | the reference | %d | | |%n", expected.size());
        System.out.printf("| DuckDB %s | %s | %d | %s | |%n", "(JDBC)", duckEqual ? "equal" : "DIFFERENT", answer(duckOutput).size(),
                seconds(duckOutput));
        System.out.printf("| Spark SQL %s, local[2] | %s | %d | %s | %.1f |%n", sparkVersion, sparkEqual ? "equal" : "DIFFERENT",
                answer(sparkOutput).size(), seconds(sparkOutput), sparkJvmSeconds);
        if (!duckEqual || !sparkEqual) {
            System.out.println("\nprofq:\n" + String.join("\n", expected) + "\nDuckDB:\n" + duckOutput + "\nSpark:\n" + sparkOutput);
            return 1;
        }
        return 0;
    }

    private static List<String> answer(String output) {
        return output.lines().filter(line -> !line.startsWith("# ")).toList();
    }

    private static String seconds(String output) {
        return output.lines().filter(line -> line.startsWith("# seconds ")).map(line -> line.substring(10)).findFirst().orElse("?");
    }

    private static String check(QuerySpeedBenchmark.Result result) {
        if (!result.ok()) {
            throw new IllegalStateException(result.failure() + ": " + result.output());
        }
        return result.output();
    }
}
