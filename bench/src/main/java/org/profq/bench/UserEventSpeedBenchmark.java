package org.profq.bench;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * What user-defined events cost (issue 24), in one command: {@link UserEventBenchmark} without
 * the agent (the API's no-op) and with it recording (nothing woven: only the events are
 * recorded), in ns and bytes allocated per operation (JMH's GC profiler); printed as markdown.
 *
 * <pre>
 * ./mvnw -q -pl bench -am package -DskipTests &amp;&amp; java -cp bench/target/profq-bench.jar org.profq.bench.UserEventSpeedBenchmark
 *     [--jvm /path/to/bin/java] [--verbose]
 * </pre>
 */
@Command(name = "UserEventSpeedBenchmark", mixinStandardHelpOptions = true, description = "What a user-defined event costs, with and without a recording (JMH in forked JVMs).")
public final class UserEventSpeedBenchmark implements Callable<Integer> {
    @Mixin
    private ForkedJvmOptions jvm = new ForkedJvmOptions();


    /** Weaves nothing: the benchmark's own classes are profq's, JMH's generated ones are left out by this include. */
    private static final String NOTHING_WOVEN = "include=profq.bench.nothing..*,cache=off";

    public static void main(String[] args) {
        System.exit(new CommandLine(new UserEventSpeedBenchmark()).execute(args));
    }

    @Override
    public Integer call() {
        boolean verbose = jvm.verbose;
        BenchEnvironment environment = BenchEnvironment.locate(jvm.java);
        Map<String, double[]> rows = new LinkedHashMap<>();
        String jvm = "";
        for (String operation : List.of("nothing", "event")) {
            for (boolean recording : new boolean[] {false, true}) {
                System.err.printf("user events: %s, %s%n", operation, recording ? "recording" : "no recording");
                try (ScratchDirectory scratch = ScratchDirectory.create()) {
                    List<String> jvmArgs = new ArrayList<>();
                    if (recording) {
                        jvmArgs.add("-javaagent:" + environment.profqAgent() + "=" + NOTHING_WOVEN + ",out=" + scratch.recording());
                    }
                    RunResult result = new Runner(new OptionsBuilder()
                            .include("^" + Pattern.quote(UserEventBenchmark.class.getName() + "." + operation) + "$")
                            .jvm(environment.java())
                            .jvmArgsAppend(jvmArgs.toArray(String[]::new))
                            .addProfiler(GCProfiler.class)
                            .shouldFailOnError(true)
                            .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT)
                            .build()).runSingle();
                    Result<?> allocated = result.getSecondaryResults().get("gc.alloc.rate.norm");
                    rows.put(operation + (recording ? " recording" : ""), new double[] {
                            result.getPrimaryResult().getScore(), allocated == null ? Double.NaN : allocated.getScore()});
                    jvm = result.getParams().getJdkVersion() + ", " + result.getParams().getVmName();
                } catch (RunnerException e) {
                    throw new IllegalStateException("JMH failed; rerun with --verbose to see the fork's output.", e);
                }
            }
        }
        StringBuilder out = new StringBuilder(String.format("### User-defined events, %s, JDK %s, %d cores%n%n", LocalDate.now(),
                jvm, Runtime.getRuntime().availableProcessors()));
        out.append("| operation | no recording: ns | bytes | recording: ns | bytes |\n|---|---:|---:|---:|---:|\n");
        for (String operation : List.of("nothing", "event")) {
            double[] off = rows.get(operation);
            double[] on = rows.get(operation + " recording");
            out.append(String.format(Locale.ROOT, "| %s | %.1f | %.2f | %.1f | %.2f |%n", operation, off[0], off[1], on[0], on[1]));
        }
        out.append("\nns: JMH's mean per operation; bytes: allocated per operation (gc.alloc.rate.norm).\n");
        System.out.print(out);
        return 0;
    }

    private UserEventSpeedBenchmark() {
    }
}
