package org.profq.udf;

import java.util.Arrays;

/**
 * {@code overlap(share_a, share_b)}: how alike two profiles are, as djprof measures it (Pearce
 * et al., <i>Profiling with AspectJ</i>, §7.4.1): each profile is normalised to sum to 1 over
 * the rows of the group, and the smaller of a row's two normalised shares is added up. Two
 * identical profiles overlap 1 (100%), two with no key in common 0. Over a join of two profiles
 * by key, one row per key; a key missing from one profile has share 0 there (write
 * {@code COALESCE(b.share, 0)} on an outer join: a NULL argument skips the row, as SQL's
 * aggregates do). An empty group, or one whose shares add up to 0 on either side, gives NULL.
 */
@Description("djprof's overlap of two profiles joined by key: the sum of the smaller normalised share, 1 when identical, 0 when disjoint")
public final class Overlap {

    /** The pairs of shares seen, one per key. */
    public static final class State {
        double[] a = new double[16];
        double[] b = new double[16];
        int size;
    }

    public State init() {
        return new State();
    }

    public State add(State state, Object shareA, Object shareB) {
        if (shareA == null || shareB == null) {
            return state;
        }
        if (state.size == state.a.length) {
            state.a = Arrays.copyOf(state.a, state.size * 2);
            state.b = Arrays.copyOf(state.b, state.size * 2);
        }
        state.a[state.size] = Sample.number(shareA, "overlap");
        state.b[state.size] = Sample.number(shareB, "overlap");
        state.size++;
        return state;
    }

    public State merge(State first, State second) {
        for (int i = 0; i < second.size; i++) {
            add(first, (Object) second.a[i], (Object) second.b[i]);
        }
        return first;
    }

    public Double result(State state) {
        double totalA = 0;
        double totalB = 0;
        for (int i = 0; i < state.size; i++) {
            totalA += state.a[i];
            totalB += state.b[i];
        }
        if (state.size == 0 || totalA <= 0 || totalB <= 0) {
            return null;
        }
        double overlap = 0;
        for (int i = 0; i < state.size; i++) {
            overlap += Math.min(state.a[i] / totalA, state.b[i] / totalB);
        }
        return Math.min(overlap, 1.0); // rounding must not make identical profiles overlap more than all
    }
}
