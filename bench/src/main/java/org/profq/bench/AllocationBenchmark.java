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

import profq.bench.target.Point;
import profq.bench.target.Workload;

/**
 * Nanoseconds per recorded allocation: one {@code new Point} or one {@code new int[8]} per
 * operation. The objects escape into JMH's blackhole, so the JIT cannot elide them.
 *
 * <p>{@link RecorderSpeedBenchmark} runs this class with allocation events only: the
 * {@link Workload} methods that hold the allocation sites are woven code too, and their call
 * events would otherwise be counted here.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
public class AllocationBenchmark {
    private int argument;

    @Benchmark
    public Point newObject() {
        return Workload.newPoint(argument++);
    }

    @Benchmark
    public int[] newArray() {
        return Workload.newArray();
    }
}
