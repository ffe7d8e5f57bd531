package org.profq.bench.real;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;

import org.profq.bench.BenchEnvironment;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Ground truth for profq's times: the samples' {@code KnownPhases} (a loop without calls, 30 M
 * tiny calls, a sleep, file I/O, waiting for a monitor, three threads at once, short-lived
 * arrays) run without a profiler and recorded by profq, in alternating pairs (pair 1 plain first,
 * pair 2 recorded first, …). The program times each of its phase methods itself, wall and
 * CPU time of its main thread, and writes the times to a file, in both runs; the recording's
 * {@code time_by_method} gives the same methods' compensated and raw inclusive times and
 * compensated CPU time. Prints one markdown table, a row per phase: the plain time, the
 * program's own time under profq, what profq reports, and the ratios to the plain time (median
 * over the pairs, min–max in brackets); CPU times compared too where the phase uses CPU.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests
 * java -cp bench/target/profq-bench.jar org.profq.bench.real.KnownPhaseBenchmark [--pairs 5] [--scale 1]
 *      [--agent-options clock=exact] [--jvm-options '-XX:-DoEscapeAnalysis'] [--work bench/target/known-phases]
 *      [--timeout-minutes 10]
 * </pre>
 * {@code --jvm-options} go to both runs of a pair (space-separated); {@code --agent-options} are
 * added to the recorded run's {@code out=}.
 * Progress goes to stderr, the table to stdout and to {@code <work>/results.md}. The program's
 * standard output and exit code must be the same in both runs of a pair, or the harness fails.
 */
@Command(name = "KnownPhaseBenchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Compensated times of a program's phases against the same phases run without profq, in alternating pairs.")
public final class KnownPhaseBenchmark implements Callable<Integer> {
    static final String PROGRAM = "profq.samples.KnownPhases";
    /** The program's phase methods, in the order it runs them; the table's rows. */
    static final List<String> PHASES = List.of("loop", "tinyCalls", "sleep", "fileIo", "lockWait", "parallelWork",
            "shortLivedArrays");
    /** The phases that allocate in their loop: the target (within 15 % of the plain run) is for the others. */
    static final List<String> ALLOCATING = List.of("shortLivedArrays");
    /** A phase whose plain run used less CPU (sleeping, waiting) has no CPU ratio: profq reads CPU times every ms. */
    static final long MIN_CPU_TO_COMPARE_NS = 20_000_000L;

    /** One phase in one pair: the program's own times (ns) and the recording's figures for the phase method. */
    record PhaseSample(long plainNs, long plainCpuNs, long recordedOwnNs, long recordedOwnCpuNs, long inclusiveNs,
                       long rawInclusiveNs, long cpuNs) {
    }

    /** One pair of runs: per phase, and the recording's calibration ({@code run}'s columns). */
    record PairResult(Map<String, PhaseSample> phases, double callCostNs, double allocationCostNs, String clock) {
    }

    @Option(names = "--pairs", paramLabel = "N", description = "pairs of runs (default: ${DEFAULT-VALUE})")
    private int pairs = 5;

    @Option(names = "--scale", paramLabel = "X", description = "the program's amount of work (default: ${DEFAULT-VALUE})")
    private String scale = "1";

    @Option(names = "--agent-options", paramLabel = "KEY=VALUE,...", description = "added to the recorded run's agent options")
    private String agentOptions = "";

    @Option(names = "--jvm-options", paramLabel = "'OPTIONS'", description = "JVM options of both runs of a pair (space-separated)")
    private String jvmOptions = "";

    @Option(names = "--work", paramLabel = "DIR", description = "where runs and results.md go (default: bench/target/known-phases)")
    private Path work;

    @Option(names = "--timeout-minutes", paramLabel = "N", description = "a run's time limit (default: ${DEFAULT-VALUE})")
    private long timeoutMinutes = 10;

    public static void main(String[] args) {
        System.exit(new CommandLine(new KnownPhaseBenchmark()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        List<String> jvmOptions = this.jvmOptions.isBlank() ? List.of() : List.of(this.jvmOptions.strip().split(" +"));
        Duration timeout = Duration.ofMinutes(timeoutMinutes);
        BenchEnvironment environment = BenchEnvironment.locate(BenchEnvironment.currentJava());
        Path work = (this.work != null ? this.work : environment.benchJar().getParent().resolve("known-phases")).toAbsolutePath();
        Files.createDirectories(work);
        String startLoad = loadAverage();
        Instant started = Instant.now();

        List<PairResult> results = new ArrayList<>();
        for (int pair = 1; pair <= pairs; pair++) {
            System.err.printf(Locale.ROOT, "pair %d of %d%n", pair, pairs);
            ProgramMeasurement.delete(work.resolve("pair-" + pair)); // an earlier run's recording, never anything else of the directory
            results.add(measurePair(environment, work.resolve("pair-" + pair), pair % 2 == 1, scale, agentOptions, jvmOptions,
                    timeout));
        }
        String table = table(results, agentOptions, jvmOptions, scale, started, startLoad, loadAverage());
        Files.writeString(work.resolve("results.md"), table);
        System.out.println(table);
        return 0;
    }

    /** One plain and one recorded run of the program, in the order given, and what the recording says. */
    static PairResult measurePair(BenchEnvironment environment, Path directory, boolean plainFirst, String scale,
                                  String agentOptions, List<String> jvmOptions, Duration timeout) {
        Path recording = directory.resolve("recorded").resolve("phases.profq");
        String agent = "-javaagent:" + environment.profqAgent() + "=out=" + recording
                + (agentOptions.isEmpty() ? "" : "," + agentOptions);
        JvmRun.Result plain = null;
        JvmRun.Result recorded = null;
        for (boolean runPlain : plainFirst ? List.of(true, false) : List.of(false, true)) {
            Path runDirectory = directory.resolve(runPlain ? "plain" : "recorded");
            List<String> options = new ArrayList<>(jvmOptions);
            if (!runPlain) {
                options.add(agent);
            }
            List<String> command = JvmRun.command(Path.of(environment.java()), options, List.of(environment.benchJar()),
                    PROGRAM, List.of(runDirectory.resolve("times.tsv").toString(), scale));
            JvmRun.Result result = JvmRun.run(command, runDirectory, timeout);
            if (result.exitCode() != 0) {
                throw new IllegalStateException((runPlain ? "the plain run" : "the recorded run") + " of " + PROGRAM + " ended with "
                        + (result.timedOut() ? "a timeout" : "exit code " + result.exitCode()) + ":\n" + result.stderrText());
            }
            if (runPlain) {
                plain = result;
            } else {
                recorded = result;
            }
        }
        if (!plain.stdoutText().equals(recorded.stdoutText())) {
            throw new IllegalStateException("profq changed the program's output: plain '" + plain.stdoutText().strip()
                    + "', recorded '" + recorded.stdoutText().strip() + "'");
        }
        Map<String, long[]> plainTimes = programTimes(plain.directory().resolve("times.tsv"));
        Map<String, long[]> recordedTimes = programTimes(recorded.directory().resolve("times.tsv"));
        Path target = environment.benchJar().getParent();
        String queryClassPath = environment.benchJar() + File.pathSeparator + target.resolve("query-lib") + File.separator + "*";
        JvmRun.Result dump = JvmRun.run(List.of(environment.java(), "-cp", queryClassPath, PhaseTimesDump.class.getName(),
                recording.toString(), PROGRAM), directory.resolve("dump"), timeout);
        if (dump.exitCode() != 0) {
            throw new IllegalStateException("reading " + recording + " failed:\n" + dump.stderrText());
        }
        Map<String, String[]> methods = new LinkedHashMap<>();
        String[] calibration = null;
        for (String line : dump.stdoutText().lines().toList()) {
            String[] fields = line.split("\t");
            if (fields[0].equals("calibration")) {
                calibration = fields;
            } else if (fields[0].equals("method")) {
                methods.put(fields[1], fields);
            }
        }
        Map<String, PhaseSample> phases = new LinkedHashMap<>();
        for (String phase : PHASES) {
            String[] method = methods.get(phase);
            if (method == null || !plainTimes.containsKey(phase) || !recordedTimes.containsKey(phase)) {
                throw new IllegalStateException("no times for the phase " + phase + " (recording " + recording + ")");
            }
            phases.put(phase, new PhaseSample(plainTimes.get(phase)[0], plainTimes.get(phase)[1], recordedTimes.get(phase)[0],
                    recordedTimes.get(phase)[1], Long.parseLong(method[3]), Long.parseLong(method[4]), Long.parseLong(method[5])));
        }
        return new PairResult(phases, Double.parseDouble(calibration[1]), Double.parseDouble(calibration[3]), calibration[4]);
    }

    /** The times file the program wrote: phase → {wall ns, the main thread's CPU ns}. */
    static Map<String, long[]> programTimes(Path file) {
        try {
            Map<String, long[]> times = new LinkedHashMap<>();
            for (String line : Files.readAllLines(file)) {
                String[] fields = line.split("\t");
                times.put(fields[0], new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[2])});
            }
            return times;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String table(List<PairResult> results, String agentOptions, List<String> jvmOptions, String scale,
                        Instant started, String startLoad, String endLoad) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "KnownPhases, scale %s, %d pairs, JDK %s%s, agent options '%s'; started %s, load"
                        + " average %s at the start, %s at the end; %d cores%n%n", scale, results.size(), System.getProperty("java.version"),
                jvmOptions.isEmpty() ? "" : " " + String.join(" ", jvmOptions),
                agentOptions.isEmpty() ? "out=…" : "out=…," + agentOptions, started, startLoad, endLoad,
                Runtime.getRuntime().availableProcessors()));
        out.append(String.format(Locale.ROOT, "Calibration, median (min–max) over the recordings: %s ns per call, %s ns per"
                        + " allocation; %s clock%n%n", range(results.stream().map(PairResult::callCostNs).toList()),
                range(results.stream().map(PairResult::allocationCostNs).toList()), results.get(0).clock()));
        out.append("| phase | allocates | plain (ms) | under profq, own timing (ms) | compensated inclusive (ms) | "
                + "compensated ÷ plain | raw inclusive ÷ plain | own timing under profq ÷ plain | plain CPU (ms) | "
                + "under profq, own CPU (ms) | compensated inclusive CPU (ms) | compensated CPU ÷ plain CPU |\n");
        out.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (String phase : PHASES) {
            List<PhaseSample> samples = results.stream().map(result -> result.phases().get(phase)).toList();
            out.append("| ").append(phase)
                    .append(" | ").append(ALLOCATING.contains(phase) ? "yes" : "no")
                    .append(" | ").append(millis(samples, PhaseSample::plainNs))
                    .append(" | ").append(millis(samples, PhaseSample::recordedOwnNs))
                    .append(" | ").append(millis(samples, PhaseSample::inclusiveNs))
                    .append(" | ").append(ratio(samples, PhaseSample::inclusiveNs))
                    .append(" | ").append(ratio(samples, PhaseSample::rawInclusiveNs))
                    .append(" | ").append(ratio(samples, PhaseSample::recordedOwnNs))
                    .append(" | ").append(millis(samples, PhaseSample::plainCpuNs))
                    .append(" | ").append(millis(samples, PhaseSample::recordedOwnCpuNs))
                    .append(" | ").append(millis(samples, PhaseSample::cpuNs))
                    .append(" | ").append(cpuRatio(samples))
                    .append(" |\n");
        }
        return out.toString();
    }

    private static String millis(List<PhaseSample> samples, Function<PhaseSample, Long> nanos) {
        return String.format(Locale.ROOT, "%.1f", ProgramMeasurement.median(samples.stream().map(s -> nanos.apply(s) / 1e6).toList()));
    }

    /** The median over the pairs of a figure ÷ the same pair's plain time, with the smallest and largest. */
    private static String ratio(List<PhaseSample> samples, Function<PhaseSample, Long> nanos) {
        return medianWithRange(samples.stream().map(s -> (double) nanos.apply(s) / s.plainNs()).toList());
    }

    private static String medianWithRange(List<Double> ratios) {
        List<Double> sorted = ratios.stream().sorted().toList();
        return String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", ProgramMeasurement.median(sorted), sorted.get(0),
                sorted.get(sorted.size() - 1));
    }

    private static String range(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return String.format(Locale.ROOT, "%.1f (%.1f–%.1f)", ProgramMeasurement.median(sorted), sorted.get(0),
                sorted.get(sorted.size() - 1));
    }

    /** The same for the CPU times, where the plain run's is large enough to divide by: "—" for a phase that waits. */
    private static String cpuRatio(List<PhaseSample> samples) {
        if (samples.stream().anyMatch(s -> s.plainCpuNs() < MIN_CPU_TO_COMPARE_NS)) {
            return "—";
        }
        return medianWithRange(samples.stream().map(s -> (double) s.cpuNs() / s.plainCpuNs()).toList());
    }

    /** The 1-, 5- and 15-minute load averages, as uptime shows them (Linux), or "unknown". */
    private static String loadAverage() {
        Path loadavg = Path.of("/proc/loadavg");
        try {
            if (Files.isReadable(loadavg)) {
                String[] fields = Files.readString(loadavg).split(" ");
                return fields[0] + ", " + fields[1] + ", " + fields[2];
            }
        } catch (IOException e) {
            // the table says unknown
        }
        return "unknown";
    }

}
