package org.profq.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Export throughput: {@code profq export} of the query-speed benchmark's recording (by default
 * 100 M events: calls and allocations) to Parquet, against DuckDB's own {@code COPY … TO parquet}
 * of the same rows in the same run, alternating which runs first. See docs/benchmarks.md.
 *
 * <p>{@code ExportBenchmark [--events 100000000] [--runs 3] [--tables calls,allocations]
 * [--recording DIR] [--cli FILE] [--memory 1GB] [--timeout-minutes 60]}; prints a markdown table.
 */
@Command(name = "ExportBenchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "profq export to Parquet against DuckDB's own COPY of the same rows, alternating.")
public final class ExportBenchmark implements Callable<Integer> {
    /** The CPU time the export's last line reports ({@code …; 41.3 s of CPU)}). */
    private static final Pattern CPU = Pattern.compile("; ([0-9.]+) s of CPU\\)");

    @Option(names = "--events", paramLabel = "N", description = "about how many events the recording has (default: ${DEFAULT-VALUE})")
    private long events = 100_000_000;

    @Option(names = "--runs", paramLabel = "N", description = "runs of each, alternating (default: ${DEFAULT-VALUE})")
    private int runs = 3;

    @Option(names = "--tables", paramLabel = "T,...", description = "the tables exported (default: ${DEFAULT-VALUE})")
    private String tables = "calls,allocations";

    @Option(names = "--recording", paramLabel = "DIR", description = "the recording (default: the query-speed benchmark's)")
    private Path recordingOption;

    @Option(names = "--cli", paramLabel = "FILE", description = "profq's command-line jar (default: cli/target/profq-cli.jar)")
    private Path cliOption;

    @Option(names = "--memory", paramLabel = "SIZE", description = "DuckDB's memory limit (default: ${DEFAULT-VALUE})")
    private String memory = "1GB";

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "a run's time limit (default: ${DEFAULT-VALUE})")
    private long timeoutMinutes = 60;

    public static void main(String[] args) {
        System.exit(new CommandLine(new ExportBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path recording = (recordingOption != null ? recordingOption
                : target.resolve("query-speed").resolve("events-" + events + ".profq")).toAbsolutePath();
        Path cli = (cliOption != null ? cliOption : target.resolve("../../cli/target/profq-cli.jar")).toAbsolutePath().normalize();
        Path work = target.resolve("export");
        String queryClassPath = environment.benchJar() + File.pathSeparator + target.resolve("query-lib") + File.separator + "*";

        QuerySpeedBenchmark.record(environment, recording, events, timeoutMinutes);
        long[] size = QuerySpeedBenchmark.size(environment, recording, timeoutMinutes);
        long start = System.nanoTime();
        for (String table : tables.split(",")) {
            System.err.println("index: " + table + " ...");
            check(QuerySpeedBenchmark.run(List.of(environment.java(), "-jar", cli.toString(), "sql", recording.toString(), "-e",
                    "SELECT COUNT(*) FROM " + table), timeoutMinutes));
        }
        double indexSeconds = (System.nanoTime() - start) / 1e9;

        List<String[]> lines = new ArrayList<>();
        Path export = work.resolve("dataset");
        for (int run = 1; run <= runs; run++) {
            boolean profqFirst = run % 2 == 1 || !Files.isDirectory(export);
            String[] profq = null;
            String[] duck = null;
            for (int side = 0; side < 2; side++) {
                if (profqFirst == (side == 0)) {
                    System.err.println("run " + run + ": profq export ...");
                    QuerySpeedBenchmark.deleteTree(export);
                    long began = System.nanoTime();
                    QuerySpeedBenchmark.Result result = QuerySpeedBenchmark.run(List.of(environment.java(), "-jar", cli.toString(),
                            "export", recording.toString(), "-o", export.toString(), "--tables", tables), timeoutMinutes);
                    check(result);
                    double seconds = (System.nanoTime() - began) / 1e9;
                    long rows = Long.parseLong(result.output().trim().split(" ")[1]);
                    Matcher cpu = CPU.matcher(result.output());
                    profq = new String[] {String.format("%.1f", seconds), Long.toString(rows), Long.toString(bytesUnder(export)),
                            cpu.find() ? cpu.group(1) : "NaN"};
                } else {
                    System.err.println("run " + run + ": DuckDB COPY ...");
                    QuerySpeedBenchmark.Result result = QuerySpeedBenchmark.run(List.of(environment.java(), "-cp", queryClassPath,
                            DuckDbCopyRun.class.getName(), export.toString(), tables, work.resolve("duckdb").toString(), memory),
                            timeoutMinutes);
                    check(result);
                    duck = result.output().trim().split(" ");
                }
            }
            lines.add(new String[] {Integer.toString(run), profqFirst ? "profq" : "DuckDB", profq[0], profq[1], profq[2],
                    String.format("%.1f", Double.parseDouble(duck[1]) / 1e3), duck[2], duck[3], profq[3],
                    String.format("%.1f", Double.parseDouble(duck[4]) / 1e3)});
        }

        System.out.printf("%n%,d events, %,d bytes of log (%s), tables %s; index built first in %.1f s (not in the export times);"
                + " %d cores%n%n", size[0], size[1], recording, tables, indexSeconds, Runtime.getRuntime().availableProcessors());
        System.out.println("| run | first | profq export (s, whole JVM) | rows | rows/s | Parquet MB | Parquet / log | DuckDB COPY (s) | rows/s"
                + " | DuckDB's Parquet MB | profq / DuckDB time | profq CPU (s, whole JVM) | DuckDB COPY CPU (s) | profq / DuckDB CPU |");
        System.out.println("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (String[] line : lines) {
            double profqSeconds = Double.parseDouble(line[2]);
            double duckSeconds = Double.parseDouble(line[5]);
            long rows = Long.parseLong(line[3]);
            double profqCpu = Double.parseDouble(line[8]);
            double duckCpu = Double.parseDouble(line[9]);
            System.out.printf("| %s | %s | %.1f | %,d | %,.0f | %.1f | %.2f | %.1f | %,.0f | %.1f | %.2f× | %.1f | %.1f | %.2f× |%n", line[0], line[1],
                    profqSeconds, rows, rows / profqSeconds, Long.parseLong(line[4]) / 1e6, Long.parseLong(line[4]) / (double) size[1],
                    duckSeconds, Long.parseLong(line[6]) / duckSeconds, Long.parseLong(line[7]) / 1e6, profqSeconds / duckSeconds,
                    profqCpu, duckCpu, profqCpu / duckCpu);
        }
        return 0;
    }

    private static void check(QuerySpeedBenchmark.Result result) {
        if (!result.ok()) {
            throw new IllegalStateException(result.failure() + ": " + result.output());
        }
    }

    private static long bytesUnder(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
