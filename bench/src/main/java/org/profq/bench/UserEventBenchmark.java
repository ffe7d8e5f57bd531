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
import org.profq.api.Profq;

/**
 * What a user-defined event costs: {@code Profq.event(...)} with a long, a double, a boolean and a
 * string put, then emitted, once per operation; {@code nothing} is the loop alone. Whether a
 * recording takes the events is decided by the fork's JVM arguments ({@link UserEventSpeedBenchmark}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
public class UserEventBenchmark {
    private static final String[] PHASES = {"serve", "wait"};
    private long step;

    @Benchmark
    public long nothing() {
        return step++;
    }

    @Benchmark
    public void event() {
        long current = step++;
        Profq.event("bench_step")
                .put("step", current)
                .put("speed", current * 0.5)
                .put("even", (current & 1) == 0)
                .put("phase", PHASES[(int) (current & 1)])
                .emit();
    }
}
