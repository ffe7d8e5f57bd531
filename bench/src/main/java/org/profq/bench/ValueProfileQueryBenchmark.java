package org.profq.bench;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import profq.bench.target.ValueQueryWorkload;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How fast {@code value_profile} answers over a recording of 10 M recorded parameters (issue
 * 17): records {@link ValueQueryWorkload} under the agent with {@code values=} (once; kept in
 * {@code bench/target/value-query/}), then times {@code SELECT * FROM value_profile} in new JVMs
 * ({@link ProfqQueryRun}): first with no index (the index build, the equality worked out, the
 * answer), then with the index built (a new JVM: the equality worked out, the answer), and warm
 * (the median of later runs in that JVM).
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.ValueProfileQueryBenchmark [--rounds 1000000] [--warm 10] [--xmx 2g]
 * </pre>
 */
@Command(name = "ValueProfileQueryBenchmark", mixinStandardHelpOptions = true, description = "How long the value profile takes to answer on a recording of many parameters: a new JVM with no index, then warm.")
public final class ValueProfileQueryBenchmark implements Callable<Integer> {
    @Option(names = "--rounds", description = "rounds of the recorded workload, 10 parameters each (default: ${DEFAULT-VALUE})")
    private long rounds = 1_000_000;

    @Option(names = "--warm", description = "queries run before the one timed in a warm JVM (default: ${DEFAULT-VALUE})")
    private int warm = 10;

    @Option(names = "--xmx", paramLabel = "SIZE", description = "the query JVM's heap (default: ${DEFAULT-VALUE})")
    private String xmx = "2g";


    public static void main(String[] args) {
        System.exit(new CommandLine(new ValueProfileQueryBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path recording = target.resolve("value-query").resolve("rounds-" + rounds + ".profq").toAbsolutePath();
        String queryClassPath = environment.benchJar() + File.pathSeparator + target.resolve("query-lib") + File.separator + "*";
        if (!Files.isDirectory(recording.resolve("events"))) {
            Files.createDirectories(recording.getParent());
            System.err.println("recording " + rounds + " rounds of ValueQueryWorkload into " + recording + " ...");
            long start = System.nanoTime();
            QuerySpeedBenchmark.run(List.of(environment.java(), "-javaagent:" + environment.profqAgent()
                    + "=include=profq.bench.target..*,events=calls,values=profq.bench.target.ValueQueryWorkload.*,out=" + recording,
                    "-cp", environment.benchJar().toString(), ValueQueryWorkload.class.getName(), Long.toString(rounds)), 60);
            System.err.printf("recorded in %.1f s%n", (System.nanoTime() - start) / 1e9);
        }
        QuerySpeedBenchmark.deleteTree(recording.resolve("index"));
        String[] building = query(environment, queryClassPath, xmx, recording, "value_profile", 0, null);
        String[] built = query(environment, queryClassPath, xmx, recording, "value_profile", warm, null);
        System.out.printf("%n%,d recorded parameters (%,d rounds of 10; %s), profq JVM -Xmx%s, %d cores%n%n",
                rounds * ValueQueryWorkload.PARAMETERS_PER_ROUND, rounds, recording, xmx, Runtime.getRuntime().availableProcessors());
        System.out.println("| step | time |");
        System.out.println("| --- | ---: |");
        System.out.printf("| new JVM, no index: index built from events/, equality worked out, first `SELECT * FROM value_profile` | %.2f s |%n",
                Double.parseDouble(building[1]) / 1e3);
        System.out.printf("| new JVM, index built, first `SELECT * FROM value_profile` (equality worked out) | %.2f s |%n",
                Double.parseDouble(built[1]) / 1e3);
        System.out.printf("| warm `SELECT * FROM value_profile` (median of %d) | %.0f ms |%n", warm, Double.parseDouble(built[2]));
        System.out.printf("%nvalue_profile rows: %s%n", built[3]);
        return 0;
    }

    /** Times {@code view} (or {@code sql}, when not null) in a new JVM ({@link ProfqQueryRun}). */
    private static String[] query(BenchEnvironment environment, String classPath, String xmx, Path recording, String view, int warm,
                                  String sql) throws Exception {
        List<String> command = new ArrayList<>(List.of(environment.java(), "-Xmx" + xmx));
        command.addAll(List.of("-cp", classPath, ProfqQueryRun.class.getName(), recording.toString(), view, Integer.toString(warm)));
        if (sql != null) {
            command.add(sql);
        }
        QuerySpeedBenchmark.Result result = QuerySpeedBenchmark.run(command, 60);
        if (!result.ok()) {
            throw new IllegalStateException(view + ": " + result.failure() + "\n" + result.output());
        }
        return result.output().trim().split(" ");
    }

    private ValueProfileQueryBenchmark() {
    }
}
