package org.profq.bench;

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
        try (ScratchDirectory scratch = ScratchDirectory.create()) {
            Options options = new OptionsBuilder()
                    .include("^" + Pattern.quote(operation.benchmarkName()) + "$")
                    .jvm(environment.java())
                    .jvmArgsAppend(configuration.jvmArgs(environment, operation.family, scratch.recording()).toArray(String[]::new))
                    .shouldFailOnError(true)
                    .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT)
                    .build();
            RunResult result = new Runner(options).runSingle();
            if (configuration.records() && scratch.fileBytes() < 1_000_000) {
                // A recording this small means the agent wove nothing: the numbers would be a lie.
                throw new IllegalStateException(configuration.label + " recorded almost nothing for "
                        + operation.benchmarkName() + "; the weaving did not take.");
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
            throw new IllegalStateException("JMH failed for " + configuration.label + " / " + operation.benchmarkName()
                    + "; rerun with --verbose to see the fork's output.", e);
        }
    }

    private SpeedRun() {
    }
}
