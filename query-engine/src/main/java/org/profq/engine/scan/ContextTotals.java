package org.profq.engine.scan;

/**
 * Totals a table keeps per calling context and flags, as a query reads them: groups of rows that
 * share a context and {@link #OUTERMOST} and {@link #ROOT} flags, in the order their first rows
 * came, each with its rows and, per measure (a column of the table that {@link Columns} names),
 * the sum and the largest value over them, and the values the group's rows have in the key
 * columns asked for (each a function of the context, or the outermost flag). A filterless
 * {@code GROUP BY} of such keys whose aggregates are sums, counts and maxima of measures under
 * those flags is answered from them ({@link ContextTotalsAnswer}).
 */
public interface ContextTotals {
    /** Flag bits: the calls are their method's outermost activation on their thread; they have no parent call. */
    int OUTERMOST = 1;
    int ROOT = 2;

    /**
     * Which of a table's columns its context totals cover: {@code measureOfColumn[c]}, the measure
     * column {@code c} is (-1: none); {@code contextKeys}, the columns whose value a group
     * determines; the {@code outermost} column (a BOOLEAN) and the {@code parent} column whose
     * NULL is {@link #ROOT}.
     */
    record Columns(int[] measureOfColumn, int[] contextKeys, int outermost, int parent) {

        int measure(int column) {
            return column >= 0 && column < measureOfColumn.length ? measureOfColumn[column] : -1;
        }

        boolean isContextKey(int column) {
            for (int key : contextKeys) {
                if (key == column) {
                    return true;
                }
            }
            return false;
        }
    }

    int groups();

    /** The SQL value group {@code group}'s rows have in the {@code key}th of the key columns asked for. */
    Object key(int group, int key);

    int flags(int group);

    long rows(int group);

    long sum(int group, int measure);

    long max(int group, int measure);
}
