package org.profq.udf;

/**
 * {@code histogram(x, buckets)}: how x is spread between its least and greatest value, as one
 * character per bucket of equal width, its height the bucket's count against the fullest one's
 * ({@code ▁▂▃▄▅▆▇█}; a space for an empty bucket): {@code histogram(duration_ns, 10)} of a
 * method's calls reads like {@code █▃▁  ▁   ▁}. NULLs are skipped; an empty group gives NULL.
 */
@Description("a bar of one character per bucket of equal width between min(x) and max(x), height the bucket's count: █▃▁  ▁")
public final class Histogram {
    private static final String LEVELS = " ▁▂▃▄▅▆▇█";

    /** The values seen and the number of buckets asked for. */
    public static final class State {
        final Sample values = new Sample();
        int buckets;
    }

    public State init() {
        return new State();
    }

    public State add(State state, Object x, int buckets) {
        if (x == null) {
            return state;
        }
        if (buckets < 1 || buckets > 1000) {
            throw new IllegalArgumentException("histogram's buckets is " + buckets + "; give a number from 1 to 1000");
        }
        state.buckets = buckets;
        state.values.add(Sample.number(x, "histogram"));
        return state;
    }

    public State merge(State a, State b) {
        a.values.addAll(b.values);
        a.buckets = Math.max(a.buckets, b.buckets);
        return a;
    }

    public String result(State state) {
        if (state.values.isEmpty()) {
            return null;
        }
        double[] sorted = state.values.sorted();
        double min = sorted[0];
        double width = (sorted[sorted.length - 1] - min) / state.buckets;
        long[] counts = new long[state.buckets];
        for (double value : sorted) {
            int bucket = width == 0 ? 0 : (int) ((value - min) / width);
            counts[Math.min(bucket, state.buckets - 1)]++;
        }
        long fullest = 0;
        for (long count : counts) {
            fullest = Math.max(fullest, count);
        }
        StringBuilder bar = new StringBuilder(state.buckets);
        for (long count : counts) {
            int level = count == 0 ? 0 : (int) Math.ceil(8.0 * count / fullest);
            bar.append(LEVELS.charAt(level));
        }
        return bar.toString();
    }
}
