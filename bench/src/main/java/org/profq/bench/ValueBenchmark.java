package org.profq.bench;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import profq.bench.target.ValueWorkload;
import profq.bench.target.ValueWorkload.Cell;

/**
 * Nanoseconds per value-profiled call with 0, 1 and 3 object parameters, per call of a method
 * that is not chosen, and per field write to an object the value profiler follows and to one it
 * does not. The cells are made once: after the first call they are followed objects, so this is
 * the steady state (each later call looks them up). {@link ValueSpeedBenchmark} runs each under
 * calls alone and under calls with {@code values=}; the difference is what values cost.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
public class ValueBenchmark {
    private final Cell a = new Cell();
    private final Cell b = new Cell();
    private final Cell c = new Cell();
    private final Cell unfollowed = new Cell();
    private int argument;

    @Setup
    public void follow() {
        ValueWorkload.oneObject(a); // under values=, a is followed from now on
    }

    @Benchmark
    public int noObjects() {
        return ValueWorkload.noObjects(argument++);
    }

    @Benchmark
    public int oneObject() {
        return ValueWorkload.oneObject(a);
    }

    @Benchmark
    public int threeObjects() {
        return ValueWorkload.threeObjects(a, b, c);
    }

    @Benchmark
    public int unchosen() {
        return ValueWorkload.unchosen(argument++);
    }

    @Benchmark
    public void writeFollowed() {
        ValueWorkload.write(a, argument++);
    }

    @Benchmark
    public void writeUnfollowed() {
        ValueWorkload.write(unfollowed, argument++);
    }
}
