package org.profq.engine.scan;

import org.apache.calcite.sql.SqlKind;

/**
 * The aggregate functions an {@link AggregationScan} computes. Each group keeps, per
 * aggregate, a count of the values it took and a running total: their sum, or the least or
 * greatest of them.
 */
enum AggregateFunction {
    COUNT, SUM, SUM0, MIN, MAX;

    /** The function of a Calcite aggregate of kind {@code kind}; null if it is none of these. */
    static AggregateFunction of(SqlKind kind) {
        return switch (kind) {
            case COUNT -> COUNT;
            case SUM -> SUM;
            case SUM0 -> SUM0;
            case MIN -> MIN;
            case MAX -> MAX;
            default -> null;
        };
    }

    /** Adds a total of {@code count} values, {@code total}, to group {@code into}'s. */
    void combine(long[] totals, long[] counts, int into, long total, long count) {
        if (count == 0) {
            return;
        }
        switch (this) {
            case COUNT -> { }
            case SUM, SUM0 -> totals[into] += total;
            case MIN -> totals[into] = counts[into] == 0 ? total : Math.min(totals[into], total);
            case MAX -> totals[into] = counts[into] == 0 ? total : Math.max(totals[into], total);
        }
        counts[into] += count;
    }
}
