package org.profq.bench.real;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.profq.bench.BenchEnvironment;
import org.profq.check.CountComparison;
import org.profq.check.ExactCounts;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Whether programs repeat their exact counts: records each program {@code --runs} times with
 * profq's agent and compares every run's counts (calls per method, objects and bytes per site,
 * throws per site) with the first run's, as {@code profq check} does. A deterministic program
 * gives no difference at all; a row names the runs that differed and by how many counts.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp 'bench/target/profq-bench.jar:bench/target/query-lib/*' org.profq.bench.real.CountRepeatability \
 *      --programs Phases,Allocations,xalan,antlr4 --runs 20
 * </pre>
 * A name with a capital is one of the samples in profq-bench.jar (Phases, Allocations, ThrowSites); the others are the
 * real-program harness's and the compatibility corpus's programs, fetched as those fetch them.
 * The table goes to stdout and to {@code <work>/results.md}; progress to stderr.
 */
@Command(name = "CountRepeatability", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Records programs N times and counts how many of their exact counts differ from the first run's.")
public final class CountRepeatability implements Callable<Integer> {
    @Option(names = "--programs", split = ",", paramLabel = "NAME",
            description = "samples (capitalised: Phases, Allocations, ThrowSites) and real or corpus programs (xalan, antlr4); default: ${DEFAULT-VALUE}")
    List<String> programs = List.of("Phases", "Allocations", "ThrowSites", "xalan", "antlr4");

    @Option(names = "--runs", paramLabel = "N", description = "recorded runs of each program (default: ${DEFAULT-VALUE})")
    int runs = 20;

    @Option(names = "--events", paramLabel = "FAMILIES", description = "the agent's events= (default: ${DEFAULT-VALUE})")
    String events = "calls:allocations:exceptions";

    @Option(names = "--work", paramLabel = "DIR", description = "where the runs go (default: bench/target/count-repeatability)")
    Path work;

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "the longest one run may take (default: ${DEFAULT-VALUE})")
    long timeoutMinutes = 10;

    @Mixin
    ProgramSourceOptions sources = new ProgramSourceOptions();

    /** One program's outcome: how many counts it has, how many runs differed from the first, the most counts one run differed in. */
    record Row(String program, String input, int counts, int runs, int runsDiffering, int mostCountsDiffering, String example,
               double meanSeconds) {
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new CountRepeatability()).execute(args));
    }

    @Override
    public Integer call() throws IOException, SQLException {
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path target = environment.benchJar().getParent();
        Path workDirectory = (work != null ? work : target.resolve("count-repeatability")).toAbsolutePath();
        Path java = Path.of(environment.java());
        NamedPrograms named = new NamedPrograms(environment, sources, workDirectory, java);
        String startLoad = loadAverage();
        long start = System.nanoTime();
        List<Row> rows = new ArrayList<>();
        for (String name : programs) {
            Program program = named.named(name);
            rows.add(measure(program, java, environment.profqAgent().toAbsolutePath(), workDirectory.resolve("runs").resolve(name)));
        }
        String table = table(rows, startLoad, (System.nanoTime() - start) / 60e9);
        Files.writeString(workDirectory.resolve("results.md"), table);
        System.out.print(table);
        return 0;
    }

    private Row measure(Program program, Path java, Path agent, Path directory) throws SQLException {
        ExactCounts first = null;
        int differing = 0;
        int most = 0;
        String example = "";
        double seconds = 0;
        for (int run = 1; run <= runs; run++) {
            Path runDirectory = directory.resolve("run-" + run);
            ProgramMeasurement.delete(runDirectory);
            Path recording = runDirectory.resolve("recording.profq");
            List<String> options = new ArrayList<>(program.jvmOptions());
            options.add("-javaagent:" + agent + "=out=" + recording + ",events=" + events);
            JvmRun.Result result = JvmRun.run(JvmRun.command(java, options, program.classPath(), program.mainClass(),
                    program.arguments().apply(runDirectory)), runDirectory, Duration.ofMinutes(timeoutMinutes));
            if (result.exitCode() != 0) {
                throw new IllegalStateException(program.name() + " run " + run + " ended with "
                        + (result.timedOut() ? "a timeout" : "exit code " + result.exitCode()) + ":\n" + result.stderrText());
            }
            seconds += result.seconds();
            ExactCounts counts;
            try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording)) {
                boolean exceptions = events.contains("exceptions");
                counts = ExactCounts.read(connection, ExactCounts.kindsOf(events.contains("calls"), events.contains("allocations"), exceptions));
            }
            if (first == null) {
                first = counts;
            } else {
                CountComparison comparison = CountComparison.of(first, counts);
                if (!comparison.differences().isEmpty()) {
                    differing++;
                    CountComparison.Difference one = comparison.differences().get(0);
                    if (comparison.differences().size() > most) {
                        most = comparison.differences().size();
                        example = one.kind().word() + " " + one.subject() + ": " + one.baseline() + " → " + one.current();
                    }
                }
                ProgramMeasurement.delete(runDirectory); // the first run stays, to look at
            }
            System.err.printf(Locale.ROOT, "%s: run %d of %d, %d exact counts, %d runs differing so far%n", program.name(), run, runs,
                    counts.size(), differing);
        }
        return new Row(program.name(), program.input(), first.size(), runs, differing, most, example, seconds / runs);
    }

    private String table(List<Row> rows, String startLoad, double minutes) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Count repeatability, %s: each program recorded %d times (events=%s), every run's exact"
                        + " counts compared with the first's; %d cores, load average %s at the start, %s at the end, %.1f min. Command:"
                        + " `java -cp 'bench/target/profq-bench.jar%sbench/target/query-lib/*' %s --programs %s --runs %d`%n%n",
                LocalDate.now(), runs, events, Runtime.getRuntime().availableProcessors(), startLoad, loadAverage(), minutes,
                File.pathSeparator, CountRepeatability.class.getName(), String.join(",", programs), runs));
        out.append("| program | input | exact counts | runs | runs that differ from the first | most counts differing in one run |"
                + " mean s per run |\n|---|---|---:|---:|---:|---:|---:|\n");
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %,d | %d | %d | %d%s | %.1f |%n", row.program(), row.input(), row.counts(),
                    row.runs(), row.runsDiffering(), row.mostCountsDiffering(), row.example().isEmpty() ? "" : " (" + row.example() + ")",
                    row.meanSeconds()));
        }
        return out.toString();
    }

    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
