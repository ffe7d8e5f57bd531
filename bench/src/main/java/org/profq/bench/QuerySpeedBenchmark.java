package org.profq.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import profq.samples.Requests;

/**
 * Query speed: profq's profile views against DuckDB running the same SQL on the same rows.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.QuerySpeedBenchmark [--events 100000000] [--xmx 1g] [--warm 3]
 *      [--recording DIR] [--timeout-minutes 30] [--duckdb false]
 *      [--index-build each|once]
 * </pre>
 *
 * <ol>
 *   <li>Records {@link Requests} (samples) under the real agent (the real writer) with about
 *       {@code --events} events, unless {@code --recording} (default
 *       {@code bench/target/query-speed/events-<n>.profq}) already holds one.</li>
 *   <li>Per view, a fresh JVM with {@code -Xmx<xmx>} and the recording's {@code index/} deleted:
 *       cold = connection + first query (index build included), warm = median of {@code --warm}
 *       further runs in that JVM ({@link ProfqQueryRun}).</li>
 *   <li>One JVM loads the views' input rows from the recording into a DuckDB file through the
 *       profq driver (untimed for the comparison, reported), then runs each view's own SQL cold
 *       and warm, with DuckDB's memory limit set to the same {@code --xmx} ({@link DuckDbQueryRun}).</li>
 * </ol>
 * {@code --index-build once} builds the index for the first view only, so the others' cold
 * times are a new JVM opening a built index. {@code --duckdb false} leaves DuckDB out: for a recording larger than the machine could load
 * into DuckDB in a session, where what is measured is that every view works within {@code --xmx}.
 * Prints a markdown table. A run that fails or times out shows as such in its cell.
 */
@Command(name = "QuerySpeedBenchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "profq's profile views against DuckDB running the same SQL on the same rows.")
public final class QuerySpeedBenchmark implements Callable<Integer> {
    /** When the index is built: before each view's cold run, or for the first view only. */
    enum IndexBuild { EACH, ONCE }

    @Option(names = "--events", paramLabel = "N", description = "about how many events the recording has (default: ${DEFAULT-VALUE})")
    private long events = 100_000_000;

    @Option(names = "--xmx", paramLabel = "SIZE", description = "the query JVMs' heap and DuckDB's memory limit (default: ${DEFAULT-VALUE})")
    private String xmx = "1g";

    @Option(names = "--warm", paramLabel = "N", description = "warm runs per view, median reported (default: ${DEFAULT-VALUE})")
    private int warm = 3;

    @Option(names = "--recording", paramLabel = "DIR", description = "the recording (default: bench/target/query-speed/events-N.profq)")
    private Path recordingOption;

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "a run's time limit (default: ${DEFAULT-VALUE})")
    private long timeoutMinutes = 30;

    @Option(names = "--duckdb", paramLabel = "true|false", arity = "1", description = "also run DuckDB (default: ${DEFAULT-VALUE})")
    private boolean withDuckDb = true;

    @Option(names = "--index-build", paramLabel = "each|once", description = "build the index for each view or once (default: each)")
    private IndexBuild indexBuild = IndexBuild.EACH;

    public static void main(String[] args) {
        System.exit(new CommandLine(new QuerySpeedBenchmark()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        boolean buildForEachView = indexBuild == IndexBuild.EACH;
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path recording = (recordingOption != null ? recordingOption
                : target.resolve("query-speed").resolve("events-" + events + ".profq")).toAbsolutePath();
        String queryClassPath = environment.benchJar() + File.pathSeparator + target.resolve("query-lib") + File.separator + "*";

        record(environment, recording, events, timeoutMinutes);
        long[] size = size(environment, recording, timeoutMinutes);
        long recordedEvents = size[0];
        long logBytes = size[1];

        Map<String, String[]> profq = new LinkedHashMap<>();
        deleteTree(recording.resolve("index"));
        for (String view : ProfileViewQueries.VIEWS) {
            if (buildForEachView) {
                deleteTree(recording.resolve("index"));
            }
            System.err.println("profq: " + view + " ...");
            List<String> command = new ArrayList<>(List.of(environment.java(), "-Xmx" + xmx));
            command.addAll(List.of("-cp", queryClassPath, ProfqQueryRun.class.getName(), recording.toString(), view,
                    Integer.toString(warm)));
            profq.put(view, resultLine(run(command, timeoutMinutes)));
        }

        Map<String, String[]> duckdb = new LinkedHashMap<>();
        String load = "not run (--duckdb false)";
        String duckFailure = "not run";
        if (withDuckDb) {
            Path duckFile = target.resolve("query-speed").resolve("duckdb-" + events + ".db");
            Files.deleteIfExists(duckFile);
            Files.deleteIfExists(Path.of(duckFile + ".wal"));
            System.err.println("duckdb: loading and querying ...");
            List<String> command = new ArrayList<>(List.of(environment.java(), "-Xmx" + xmx));
            command.addAll(List.of("-cp", queryClassPath, DuckDbQueryRun.class.getName(), recording.toString(),
                    duckFile.toString(), xmx.toUpperCase().replace("G", "GB").replace("M", "MB"), Integer.toString(warm)));
            Result duck = run(command, timeoutMinutes);
            load = "failed";
            for (String line : duck.output().lines().toList()) {
                String[] fields = line.trim().split(" ");
                if (fields[0].equals("load")) {
                    load = String.format("%.1f s for %,d rows", Double.parseDouble(fields[1]) / 1e3, Long.parseLong(fields[2]));
                } else if (fields.length == 4) {
                    duckdb.put(fields[0], fields);
                }
            }
            duckFailure = duck.ok() ? "failed" : duck.failure();
            Files.deleteIfExists(duckFile);
        }
        System.out.printf("%n%,d events, %.2f GB of log (%s), profq JVM -Xmx%s, DuckDB memory_limit %s, %d warm runs (median), "
                + "%d cores; DuckDB load through jdbc:profq: %s%n%n", recordedEvents, logBytes / 1e9, recording, xmx,
                xmx, warm, Runtime.getRuntime().availableProcessors(), load);
        System.out.println("| view | rows | profq cold (s) | cold s/GB | profq warm (ms) | DuckDB cold (ms) | DuckDB warm (ms) | warm profq/DuckDB |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (String view : ProfileViewQueries.VIEWS) {
            String[] p = profq.get(view);
            String[] d = duckdb.get(view);
            boolean pOk = p.length == 4;
            boolean dOk = d != null;
            System.out.printf("| %s | %s | %s | %s | %s | %s | %s | %s |%n", view,
                    pOk ? p[3] : dOk ? d[3] : "",
                    pOk ? String.format("%.2f", Double.parseDouble(p[1]) / 1e3) : p[0],
                    pOk ? String.format("%.2f", Double.parseDouble(p[1]) / 1e3 / (logBytes / 1e9)) : "",
                    pOk ? String.format("%.0f", Double.parseDouble(p[2])) : "",
                    dOk ? String.format("%.0f", Double.parseDouble(d[1])) : duckFailure,
                    dOk ? String.format("%.0f", Double.parseDouble(d[2])) : "",
                    pOk && dOk ? String.format("%.1f×", Double.parseDouble(p[2]) / Double.parseDouble(d[2])) : "");
        }
        return 0;
    }

    /**
     * The benchmark recording: {@code Requests} (samples) under the agent with {@code events=calls:allocations},
     * about {@code events} events (26 per request), made unless {@code recording} already holds one.
     */
    static void record(BenchEnvironment environment, Path recording, long events, long timeoutMinutes)
            throws IOException, InterruptedException {
        if (!Files.isDirectory(recording.resolve("events"))) {
            long requests = Math.max(1, events / Requests.EVENTS_PER_REQUEST);
            System.err.println("recording " + requests + " requests of Requests into " + recording + " ...");
            Files.createDirectories(recording.getParent());
            long start = System.nanoTime();
            run(List.of(environment.java(), "-javaagent:" + environment.profqAgent() + "=include=profq.samples.Requests:profq.samples.Requests.*,"
                    + "events=calls:allocations,out=" + recording, "-cp", environment.benchJar().toString(),
                    Requests.class.getName(), Long.toString(requests)), timeoutMinutes);
            System.err.printf("recorded in %.1f s%n", (System.nanoTime() - start) / 1e9);
        }
    }

    /** The recording's events and bytes of log, read by the reader API in a JVM of their own. */
    static long[] size(BenchEnvironment environment, Path recording, long timeoutMinutes) throws IOException, InterruptedException {
        List<String> sizeCommand = new ArrayList<>(List.of(environment.java()));
        sizeCommand.addAll(List.of("-cp", environment.readerClassPath(), RecordingSize.class.getName(), recording.toString()));
        String[] size = run(sizeCommand, timeoutMinutes).output().trim().split(" ");
        return new long[] {Long.parseLong(size[0]), Long.parseLong(size[1])};
    }

    /** The profq run's result line, or a one-cell description of why there is none. */
    private static String[] resultLine(Result result) {
        if (!result.ok()) {
            return new String[] {result.failure()};
        }
        String[] fields = result.output().trim().split(" ");
        return fields.length == 4 ? fields : new String[] {"no result"};
    }

    record Result(boolean ok, String output, String failure) {
    }

    /** Runs a JVM to its end within the time limit; its standard error goes to ours. */
    static Result run(List<String> command, long timeoutMinutes) throws IOException, InterruptedException {
        Path output = Files.createTempFile("profq-query-speed", ".out");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(output.toFile())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            if (!process.waitFor(timeoutMinutes, TimeUnit.MINUTES)) {
                process.destroyForcibly().waitFor();
                return new Result(false, "", "timeout (" + timeoutMinutes + " min)");
            }
            String text = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                return new Result(false, text, "failed (exit " + process.exitValue() + ")");
            }
            return new Result(true, text, "");
        } finally {
            Files.deleteIfExists(output);
        }
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
