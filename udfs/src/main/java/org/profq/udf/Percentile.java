package org.profq.udf;

/**
 * {@code percentile(x, p)}: the nearest-rank percentile, the rule the profile views use for
 * their p50 and p90 columns: the smallest value with at least a fraction {@code p} of the
 * group's values at or below it. Exact for groups of up to a million values ({@link Sample}).
 * NULLs are skipped; an empty group gives NULL. An aggregate in Calcite's shape: {@code init},
 * {@code add}, {@code merge}, {@code result}; its arguments are any numbers (a DECIMAL literal
 * such as 0.9 comes as a BigDecimal).
 */
@Description("the nearest-rank p-th percentile of x, p a fraction: percentile(self_ns, 0.9) is p90 (exact up to 1M values)")
public final class Percentile {

    /** The values seen, and the fraction asked for. */
    public static final class State {
        final Sample values = new Sample();
        double p = Double.NaN;
    }

    public State init() {
        return new State();
    }

    public State add(State state, Object x, Object fraction) {
        if (x == null || fraction == null) {
            return state;
        }
        double p = Sample.number(fraction, "percentile");
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("percentile's p is " + p + "; give a fraction from 0 to 1, such as 0.9 for p90");
        }
        state.p = p;
        state.values.add(Sample.number(x, "percentile"));
        return state;
    }

    public State merge(State a, State b) {
        a.values.addAll(b.values);
        if (Double.isNaN(a.p)) {
            a.p = b.p;
        }
        return a;
    }

    public Double result(State state) {
        if (state.values.isEmpty()) {
            return null;
        }
        double[] sorted = state.values.sorted();
        int rank = (int) Math.ceil(state.p * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
