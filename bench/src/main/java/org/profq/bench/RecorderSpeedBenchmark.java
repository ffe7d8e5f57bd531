package org.profq.bench;

import java.time.LocalDate;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.profq.bench.LoopRecording.Size;
import org.profq.bench.SpeedRun.Score;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The recorder speed benchmark, in one command: ns per recorded call and per recorded
 * allocation in a tight loop under four {@link Configuration}s, then bytes on disk per event
 * of a 10-million-iteration loop, printed as markdown.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests &amp;&amp; java -jar bench/target/profq-bench.jar
 *     [--jvm /path/to/bin/java] [--iterations N] [--verbose]
 * </pre>
 *
 * Progress goes to standard error, the tables to standard output. Not part of any test phase:
 * it takes about four minutes on two cores and writes gigabytes of (deleted) recordings.
 */
@Command(name = "profq-bench", mixinStandardHelpOptions = true,
        description = "The recorder's cost per call and allocation (JMH in forked JVMs) and its bytes per event on recorded loops.")
public final class RecorderSpeedBenchmark implements Callable<Integer> {
    /** The target: profq's own cost per call (entry + exit) beyond the clock reads. */
    private static final double TARGET_NANOS_PER_CALL = 15;
    private static final double TARGET_BYTES_PER_EVENT = 3;
    private static final List<String> LOOP_WORKLOADS = List.of("calls", "allocations", "mixed");
    @Mixin
    private ForkedJvmOptions jvm = new ForkedJvmOptions();

    @Option(names = "--iterations", description = "iterations of each recorded loop whose size is measured (default: ${DEFAULT-VALUE})")
    private long iterations = 10_000_000;

    public static void main(String[] args) {
        System.exit(new CommandLine(new RecorderSpeedBenchmark()).execute(args));
    }

    @Override
    public Integer call() {
        boolean verbose = jvm.verbose;
        BenchEnvironment environment = BenchEnvironment.locate(jvm.java);

        Map<Configuration, Map<Operation, Score>> speeds = new EnumMap<>(Configuration.class);
        for (Configuration configuration : Configuration.values()) {
            for (Operation operation : Operation.values()) {
                System.err.printf("speed: %s, %s%n", configuration.label, operation.benchmarkName());
                speeds.computeIfAbsent(configuration, c -> new EnumMap<>(Operation.class))
                        .put(operation, SpeedRun.run(environment, configuration, operation, verbose));
            }
        }
        Map<Configuration, Map<String, Size>> sizes = new EnumMap<>(Configuration.class);
        for (Configuration configuration : List.of(Configuration.PROFQ, Configuration.PROFQ_EXACT_CLOCK)) {
            for (String workload : LOOP_WORKLOADS) {
                System.err.printf("size: %s, %s loop%n", configuration.label, workload);
                sizes.computeIfAbsent(configuration, c -> new LinkedHashMap<>())
                        .put(workload, LoopRecording.measure(environment, configuration, workload, iterations));
            }
        }
        System.out.print(report(speeds, sizes, iterations));
        return 0;
    }

    static String report(Map<Configuration, Map<Operation, Score>> speeds, Map<Configuration, Map<String, Size>> sizes,
                         long iterations) {
        Map<Operation, Score> unwoven = speeds.get(Configuration.UNWOVEN);
        String jvm = unwoven.get(Operation.CALL).jvm();
        StringBuilder out = new StringBuilder();
        out.append(String.format("### Recorder speed, %s, JDK %s, %d cores%n%n", LocalDate.now(), jvm,
                Runtime.getRuntime().availableProcessors()));
        out.append("| configuration |");
        for (Operation operation : Operation.values()) {
            out.append(' ').append(operation.title).append(" | × unwoven |");
        }
        out.append(" bytes/event (mixed loop) |\n|---|");
        out.append("---:|---:|".repeat(Operation.values().length));
        out.append("---:|\n");
        for (Configuration configuration : Configuration.values()) {
            out.append("| ").append(configuration.label).append(" |");
            for (Operation operation : Operation.values()) {
                Score score = speeds.get(configuration).get(operation);
                out.append(format(" %.1f (%.1f–%.1f) | %.1f× |", score.nanos(), score.fastest(), score.slowest(),
                        score.nanos() / unwoven.get(operation).nanos()));
            }
            Size mixed = sizes.getOrDefault(configuration, Map.of()).get("mixed");
            out.append(mixed == null ? " — |" : format(" %.2f |", mixed.bytesPerEvent())).append('\n');
        }
        out.append("\nCells: median ns per operation over JMH's measurement iterations (fastest–slowest iteration).\n\n");
        out.append(difference("profq beyond empty advice (profq − empty advice; target ≤ "
                + (int) TARGET_NANOS_PER_CALL + " ns/call)", speeds, Configuration.PROFQ, Configuration.EMPTY_ADVICE));
        out.append(difference("cost of the exact clock (clock=exact − clock=tick)",
                speeds, Configuration.PROFQ_EXACT_CLOCK, Configuration.PROFQ));
        out.append(difference("empty advice beyond unwoven", speeds, Configuration.EMPTY_ADVICE, Configuration.UNWOVEN));

        out.append(format("%n| recorded loop, %,d iterations | clock | events | log bytes | bytes/event (target ≤ %.0f) | lost |%n",
                iterations, TARGET_BYTES_PER_EVENT));
        out.append("|---|---|---:|---:|---:|---:|\n");
        for (String workload : LOOP_WORKLOADS) {
            for (Map.Entry<Configuration, Map<String, Size>> entry : sizes.entrySet()) {
                Size size = entry.getValue().get(workload);
                out.append(format("| %s (events=%s) | %s | %,d | %,d | %.2f | %,d |%n", workload,
                        LoopRecording.eventsOption(workload),
                        entry.getKey() == Configuration.PROFQ ? "tick" : "exact",
                        size.events(), size.logBytes(), size.bytesPerEvent(), size.eventsLost()));
            }
        }
        return out.toString();
    }

    /** One line: {@code minuend − subtrahend} per operation. */
    private static String difference(String title, Map<Configuration, Map<Operation, Score>> speeds,
                                     Configuration minuend, Configuration subtrahend) {
        StringBuilder line = new StringBuilder("- ").append(title).append(':');
        String separator = " ";
        for (Operation operation : Operation.values()) {
            double nanos = speeds.get(minuend).get(operation).nanos() - speeds.get(subtrahend).get(operation).nanos();
            line.append(separator).append(format("%.1f %s", nanos, operation.title));
            separator = ", ";
        }
        return line.append('\n').toString();
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }

}
