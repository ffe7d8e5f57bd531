package org.profq.bench;

import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.profq.event.TrackedObjects;

/**
 * The check every use advice makes, "is this object tracked?", by the two approaches the
 * djprof paper compares (§5): a map from object to state, here the recorder's own
 * {@link TrackedObjects} identity table, and state introduced into the object's class, here
 * a field declared in the class as AspectJ's inter-type declaration would add it, read
 * through an interface check. Nanoseconds per check of an untracked object (the common case)
 * and of a tracked one, with {@code tracked} objects alive in the table.
 *
 * <pre>
 * java -cp bench/target/profq-bench.jar:recorder/agent/target/profq-agent.jar org.openjdk.jmh.Main TrackingCheckBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TrackingCheckBenchmark {
    /** Objects checked in turn: more than the caches hold at the larger sizes, as in a real heap. */
    private static final int CHECKED = 1 << 16;

    /** What member introduction compiles to: the state lives in the object. */
    interface Introduced {
        long profqObjectId();
    }

    /** A program class with the introduced field. */
    static final class WithField implements Introduced {
        long profqObjectId;

        @Override
        public long profqObjectId() {
            return profqObjectId;
        }
    }

    @Param({"0", "1000", "100000", "1000000"})
    public int tracked;

    private TrackedObjects table;
    private final List<Object> alive = new ArrayList<>();
    private Object[] untracked;
    private Object[] trackedObjects;
    private WithField[] withFields;
    private int next;

    @Setup(Level.Trial)
    public void fill() {
        table = new TrackedObjects(new ReferenceQueue<>());
        for (int i = 0; i < tracked; i++) {
            Object object = new Object();
            alive.add(object);
            table.track(object, i + 1);
        }
        untracked = new Object[CHECKED];
        withFields = new WithField[CHECKED];
        trackedObjects = new Object[CHECKED];
        for (int i = 0; i < CHECKED; i++) {
            untracked[i] = new Object();
            System.identityHashCode(untracked[i]); // hashed once, as a used object of a tracked class soon is
            withFields[i] = new WithField();
            trackedObjects[i] = tracked == 0 ? untracked[i] : alive.get(i % tracked);
        }
    }

    @Benchmark
    public long mapUntracked() {
        return table.idOf(untracked[next++ & (CHECKED - 1)]);
    }

    /** An untracked object of a class with no tracked objects: ruled out by its class, its own hash unread. */
    @Benchmark
    public long mapUntrackedOtherClass() {
        return table.idOf(withFields[next++ & (CHECKED - 1)]);
    }

    @Benchmark
    public long mapTracked() {
        return table.idOf(trackedObjects[next++ & (CHECKED - 1)]);
    }

    /** A fresh object's first check: its identity hash is made then (minus {@link #allocationOnly}). */
    @Benchmark
    public long mapFreshObject() {
        return table.idOf(new Object());
    }

    @Benchmark
    public Object allocationOnly() {
        return new Object();
    }

    @Benchmark
    public long introducedField() {
        Object object = withFields[next++ & (CHECKED - 1)];
        return object instanceof Introduced introduced ? introduced.profqObjectId() : 0;
    }

    /** The loop and load alone: what every check above includes. */
    @Benchmark
    public Object baseline() {
        return untracked[next++ & (CHECKED - 1)];
    }
}
