package org.profq.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs one benchmark method with JMH in one configuration and returns its ns per operation.
 * Iterations and forks come from the class's annotations; the weaving comes from the fork's
 * JVM arguments, which cannot be annotations because the agent paths are only known at run
 * time. One method per run, so that each profq fork writes a recording directory of its own.
 */
final class SpeedRun {
    /**
     * One benchmark's ns per operation: the median of its measurement iterations, their range,
     * and the JVM it ran on. The median, not JMH's mean, because the machine is shared: an
     * iteration that another process slowed down should not move the figure.
     */
    record Score(double nanos, double fastest, double slowest, String jvm) {
    }

    static Score run(BenchEnvironment environment, Configuration configuration, Operation operation, boolean verbose) {
        return run(environment, operation.benchmarkName(),
                recording -> configuration.jvmArgs(environment, operation.family, recording), configuration.records(), verbose);
    }

    /**
     * Runs {@code benchmarkName} (class and method) in a fork with the JVM arguments
     * {@code jvmArgs} gives for a new recording directory; {@code records}: the fork records, so
     * a recording of almost nothing means the weaving did not take.
     */
    static Score run(BenchEnvironment environment, String benchmarkName, Function<Path, List<String>> jvmArgs, boolean records,
                     boolean verbose) {
        try (ScratchDirectory scratch = ScratchDirectory.create()) {
            Options options = new OptionsBuilder()
                    .include("^" + Pattern.quote(benchmarkName) + "$")
                    .jvm(environment.java())
                    .jvmArgsAppend(jvmArgs.apply(scratch.recording()).toArray(String[]::new))
                    .shouldFailOnError(true)
                    .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT)
                    .build();
            RunResult result = new Runner(options).runSingle();
            if (records && scratch.fileBytes() < 1_000_000) {
                // A recording this small means the agent wove nothing: the numbers would be a lie.
                throw new IllegalStateException("the profq fork recorded almost nothing for " + benchmarkName
                        + "; the weaving did not take.");
            }
            double[] iterations = result.getBenchmarkResults().stream()
                    .flatMap(benchmark -> benchmark.getIterationResults().stream())
                    .mapToDouble(iteration -> iteration.getPrimaryResult().getScore())
                    .sorted().toArray();
            int middle = iterations.length / 2;
            double median = iterations.length % 2 == 1 ? iterations[middle] : (iterations[middle - 1] + iterations[middle]) / 2;
            return new Score(median, iterations[0], iterations[iterations.length - 1],
                    result.getParams().getJdkVersion() + ", " + result.getParams().getVmName());
        } catch (RunnerException e) {
            throw new IllegalStateException("JMH failed for " + benchmarkName + "; rerun with --verbose to see the fork's output.", e);
        }
    }

    private SpeedRun() {
    }
}
