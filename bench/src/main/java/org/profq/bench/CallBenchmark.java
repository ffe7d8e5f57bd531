package org.profq.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import profq.bench.target.Workload;

/**
 * Nanoseconds per recorded call: one execution of {@link Workload#work} per operation, so one
 * entry and one exit event when woven. JMH's own loop is the tight loop; the benchmark class
 * stays unwoven (it is in {@code org.profq}), only the callee carries the advice.
 *
 * <p>Which weaving applies is decided by the JVM arguments {@link RecorderSpeedBenchmark}
 * gives the fork, so the same class serves every configuration.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
public class CallBenchmark {
    private int argument;

    @Benchmark
    public int call() {
        return Workload.work(argument++);
    }
}
