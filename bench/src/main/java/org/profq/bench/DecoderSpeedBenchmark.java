package org.profq.bench;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.profq.engine.index.DecoderBenchmark;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The index's decoder in ns an event, stage by stage ({@link DecoderBenchmark}, JMH, one fork
 * per stage), over a recorded log, printed as markdown.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp 'bench/target/profq-bench.jar:bench/target/query-lib/*' org.profq.bench.DecoderSpeedBenchmark
 *      [--recording DIR] [--events 26000000] [--stages decode,callTree,...] [--warmups 2] [--passes 5] [--verbose]
 * </pre>
 *
 * The recording is {@code --recording}, or {@code bench/target/decoder/requests-<events>.profq},
 * made when missing by recording the {@code Requests} sample under the agent with calls and
 * allocations (26 events a request). Each stage's time is the median of its passes over the
 * whole log, divided by the log's events: wall time, and the CPU time of the thread that ran
 * the pass (on a shared machine the steadier figure; in {@code indexBuild} that thread is the
 * column writer's, the decoder runs on another); "beyond decode" is what the stage adds to the
 * reader alone.
 */
@Command(name = "decoder-speed", mixinStandardHelpOptions = true,
        description = "The index decoder's ns per event, stage by stage (JMH), over a recorded log.")
public final class DecoderSpeedBenchmark implements Callable<Integer> {
    @Option(names = "--recording", description = "a recording to decode (default: one of --events events of Requests, made if missing)")
    private Path recording;

    @Option(names = "--events", description = "events of the recording made when --recording is not given (default: ${DEFAULT-VALUE})")
    private long events = 26_000_000;

    @Option(names = "--stages", split = ",", description = "stages to run (default: all of DecoderBenchmark's)")
    private List<String> stages = List.of("decode", "callTree", "callTotals", "calls", "allocations", "allTables", "indexBuild");

    @Option(names = "--warmups", description = "untimed passes a stage (default: the benchmark's, 2)")
    private int warmups = -1;

    @Option(names = "--passes", description = "timed passes a stage (default: the benchmark's, 5)")
    private int passes = -1;

    @Option(names = "--verbose", description = "show JMH's output")
    private boolean verbose;

    public static void main(String[] args) {
        System.exit(new CommandLine(new DecoderSpeedBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path log = recording != null ? recording.toAbsolutePath()
                : environment.benchJar().getParent().resolve("decoder").resolve("requests-" + events + ".profq");
        QuerySpeedBenchmark.record(environment, log, events, 30);
        long[] size = QuerySpeedBenchmark.size(environment, log, 30);
        long logEvents = size[0];
        List<String[]> rows = new ArrayList<>();
        double decodeNanos = Double.NaN;
        String jvm = "";
        for (String stage : stages) {
            System.err.println("decoder: " + stage + " ...");
            RunResult result = run(log, stage);
            double[] millis = result.getBenchmarkResults().stream().map(BenchmarkResult::getIterationResults)
                    .flatMap(iterations -> iterations.stream()).mapToDouble(iteration -> iteration.getPrimaryResult().getScore())
                    .sorted().toArray();
            double[] cpuNanos = result.getBenchmarkResults().stream().map(BenchmarkResult::getIterationResults)
                    .flatMap(iterations -> iterations.stream())
                    .mapToDouble(iteration -> iteration.getSecondaryResults().get("cpuNanos").getScore()).sorted().toArray();
            double median = millis[millis.length / 2];
            double cpuPerEvent = cpuNanos[cpuNanos.length / 2] / logEvents;
            if (stage.equals("decode")) {
                decodeNanos = cpuPerEvent;
            }
            jvm = result.getParams().getJdkVersion();
            rows.add(new String[] {stage, String.format("%.0f", median), String.format("%.1f", median * 1e6 / logEvents),
                    String.format("%.1f", cpuNanos[0] / logEvents), String.format("%.1f", cpuPerEvent),
                    Double.isNaN(decodeNanos) || stage.equals("decode") ? "" : String.format("%.1f", cpuPerEvent - decodeNanos)});
        }
        System.out.printf("### Decoder speed, %s, JDK %s, %d cores, %s: %,d events, %,d bytes of log%n%n", LocalDate.now(), jvm,
                Runtime.getRuntime().availableProcessors(), log.getFileName(), logEvents, size[1]);
        System.out.println("| stage | wall ms a pass | wall ns/event | CPU ns/event (best) | CPU ns/event | CPU beyond decode |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: |");
        for (String[] row : rows) {
            System.out.println("| " + String.join(" | ", Arrays.asList(row)) + " |");
        }
        return 0;
    }

    private RunResult run(Path log, String stage) {
        try {
            OptionsBuilder options = new OptionsBuilder();
            if (warmups >= 0) {
                options.warmupIterations(warmups);
            }
            if (passes > 0) {
                options.measurementIterations(passes);
            }
            return new Runner(options
                    .include("^" + DecoderBenchmark.class.getName().replace(".", "\\.") + "\\.")
                    .param("recording", log.toString())
                    .param("stage", stage)
                    .shouldFailOnError(true)
                    .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT)
                    .build()).runSingle();
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed for stage " + stage + "; rerun with --verbose to see the fork's output.", e);
        }
    }
}
