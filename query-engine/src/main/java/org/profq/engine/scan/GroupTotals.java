package org.profq.engine.scan;

/**
 * Totals per group that a table keeps beside its rows, committed with them: for each value of
 * one key column, in the order its first row came, the rows, the sum of one column over them
 * and how many have one flag set. A {@code GROUP BY} of that key over the whole table whose
 * aggregates are those ({@link AggregationSpec#fromTotals}) is answered from them without a
 * row read: exactly what the scan gives, in the same order.
 */
public record GroupTotals(long[] keys, long[] rows, long[] sums, long[] flagged) {

    /**
     * Which of a table's columns one set of its totals is of: grouped by {@code key} (an id whose SQL
     * value is its raw value), summing {@code summed}, counting rows where {@code flag} is true;
     * neither of the last two nullable.
     */
    public record Columns(int key, int summed, int flag) {
    }

    /** The rows these totals add up. */
    public long totalRows() {
        long total = 0;
        for (long groupRows : rows) {
            total += groupRows;
        }
        return total;
    }
}
