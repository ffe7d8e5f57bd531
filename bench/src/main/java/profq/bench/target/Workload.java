package profq.bench.target;

/**
 * The code the recorder benchmarks weave and record: one cheap method, one small object
 * allocation, one small array allocation.
 *
 * <p>It lives outside {@code org.profq}, which the profq agent never weaves. Each member is as
 * cheap as it can be while still doing something the JIT cannot remove, so that what the
 * benchmarks measure is the cost of the join point, not of the work.
 */
public final class Workload {
    /** The recorded call: one method execution, that is an entry and an exit event. */
    public static int work(int x) {
        return x * 31 + 17;
    }

    /** The recorded object allocation: a two-int object (one site). */
    public static Point newPoint(int x) {
        return new Point(x, -x);
    }

    /** The recorded array allocation: an {@code int[8]} (one site). */
    public static int[] newArray() {
        return new int[8];
    }

    private Workload() {
    }
}
