package org.profq.engine.scan;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;
import static org.profq.engine.index.MappedColumn.BLOCK_SHIFT;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;
import org.profq.engine.value.LongIntMap;

/**
 * An equi-join of a small input with a big indexed table ({@code calls}, {@code allocations})
 * on one of the table's integer key columns (its id, or a key into a dictionary table such as
 * {@code method_id} or {@code site_id}), holding only the small side: its rows go into a map by
 * key, then the table is read once, streaming, a block of the key column at a time, and only
 * the rows whose key is in the map are tested against its pushed-down filters and joined with
 * the rows of that key. Nothing of the big table is sorted or kept, so {@code exceptions JOIN
 * calls} on a recording of hundreds of millions of calls needs the memory of the exceptions
 * alone, and a join with the few methods a filter on {@code methods} keeps builds a row for
 * their calls only. An inner join whose small side has no row reads no table row at all. Rows
 * come in the table's order, then (for a join that keeps unmatched small rows) the small rows
 * no table row matched.
 */
public final class KeyLookupJoin {
    private static final int CANCEL_CHECK_ROWS = 4096;

    /** Which unmatched rows the join keeps, padded with NULLs. */
    public enum Keep {
        /** None: an inner join. */
        MATCHED,
        /** The small side's: it is the preserved side of an outer join. */
        SMALL,
        /** The table's: it is the preserved side of an outer join. */
        TABLE
    }

    private final ColumnSource table;
    private final int[] projects;
    private final int tableKey;
    private final List<RexNode> filters;
    private final int smallKey;
    private final int smallWidth;
    private final boolean smallFirst;
    private final Keep keep;
    private final String description;

    /**
     * @param table      the big table
     * @param projects   the table's columns the join reads, in the order they join
     * @param tableKey   the table's key column: its id ({@link ColumnSource#idColumn}) or one that {@link #canJoinOn}
     * @param filters    filters on the table, all of which the index can test ({@link #takesAllFilters})
     * @param smallKey   the small side's key field
     * @param smallWidth the small side's field count
     * @param smallFirst whether the small side's fields come first in a joined row
     */
    public KeyLookupJoin(ColumnSource table, int[] projects, int tableKey, List<RexNode> filters, int smallKey,
                         int smallWidth, boolean smallFirst, Keep keep, String description) {
        this.table = table;
        this.projects = projects.clone();
        this.tableKey = tableKey;
        this.filters = List.copyOf(filters);
        this.smallKey = smallKey;
        this.smallWidth = smallWidth;
        this.smallFirst = smallFirst;
        this.keep = keep;
        this.description = description;
    }

    /** Whether the index can test every one of {@code filters} on {@code table}, as a join reading it must. */
    public static boolean takesAllFilters(ColumnSource table, List<RexNode> filters) {
        return PushedFilters.takesAll(filters, table.planningColumns());
    }

    /**
     * Whether the join can look rows of {@code table} up by column {@code column}: its raw value is
     * its SQL value wherever it is not NULL (a number, not text or a flag), so a small row's key,
     * as a long, is compared with the value the SQL compares. (The column's SQL type is the
     * planner's to check: an exact integer.)
     */
    public static boolean canJoinOn(ColumnSource table, int column) {
        return table.planningColumns()[column].comparable();
    }

    /** The joined rows, as the statement running {@code root} sees the table. */
    public Enumerable<Object[]> run(DataContext root, Enumerable<Object[]> small) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new Joining(root, small);
            }
        };
    }

    @Override
    public String toString() {
        return description;
    }

    /** A small row and whether a table row matched it. */
    private static final class SmallRow {
        final Object[] values;
        boolean matched;

        SmallRow(Object[] values) {
            this.values = values;
        }
    }

    private final class Joining implements Enumerator<Object[]> {
        /** Each key's place in {@link #rowsOfKey}: a look-up with no boxing, for every table row read. */
        private final LongIntMap keyIndex = new LongIntMap(16);
        private final List<List<SmallRow>> rowsOfKey = new ArrayList<>();
        /** Small rows with a NULL key: they match nothing. */
        private final List<SmallRow> nullKeys = new ArrayList<>();
        private final ArrayDeque<Object[]> pending = new ArrayDeque<>();
        private final ColumnReader[] columns;
        private final ColumnReader key;
        /** The key column's raw values in the block being read, copied: the reader may reuse its array for a row's value. */
        private final long[] keys = new long[BLOCK_ROWS];
        private final PushedFilters.RowTest test;
        private final long rows;
        private final AtomicBoolean cancelled;
        private long row = -1;
        private long keysBlock = -1;
        private boolean unmatchedSent;
        private Object[] current;

        Joining(DataContext root, Enumerable<Object[]> small) {
            AtomicBoolean flag = DataContext.Variable.CANCEL_FLAG.get(root);
            this.cancelled = flag == null ? new AtomicBoolean() : flag;
            for (Object[] values : small) {
                SmallRow smallRow = new SmallRow(values);
                Object value = values[smallKey];
                if (value == null) {
                    nullKeys.add(smallRow);
                } else {
                    int index = keyIndex.putIfAbsent(((Number) value).longValue(), rowsOfKey.size());
                    if (index == rowsOfKey.size()) {
                        rowsOfKey.add(new ArrayList<>(1));
                    }
                    rowsOfKey.get(index).add(smallRow);
                }
            }
            if (rowsOfKey.isEmpty() && keep != Keep.TABLE) {
                // no table row can match, and none is kept unmatched: the table is not read
                this.test = null;
                this.key = null;
                this.columns = null;
                this.rows = 0;
                return;
            }
            ImmutableBitSet read = ColumnSource.columnsRead(projects, filters, table.columnCount()).set(tableKey);
            ColumnSource.Reading reading = table.read(root, read);
            ColumnReader[] all = reading.columns();
            List<RexNode> remaining = new ArrayList<>(filters);
            this.test = PushedFilters.take(remaining, all);
            this.key = all[tableKey];
            this.columns = new ColumnReader[projects.length];
            for (int i = 0; i < projects.length; i++) {
                columns[i] = all[projects[i]];
            }
            this.rows = reading.rows();
        }

        @Override
        public boolean moveNext() {
            while (pending.isEmpty()) {
                if (!readTableRow() && !sendUnmatched()) {
                    current = null;
                    return false;
                }
            }
            current = pending.poll();
            return true;
        }

        /**
         * Reads table rows until one joins (or is kept); false at the table's end. A row's key is
         * looked up first, from the block's raw keys, and only a row that matches (or that the
         * join keeps unmatched) is tested against the filters and read.
         */
        private boolean readTableRow() {
            while (++row < rows) {
                if ((row & (CANCEL_CHECK_ROWS - 1)) == 0 && cancelled.get()) {
                    throw new CancellationException("the query was cancelled");
                }
                long block = row >>> BLOCK_SHIFT;
                if (block != keysBlock) {
                    System.arraycopy(key.rawBlock(block), 0, keys, 0, BLOCK_ROWS);
                    keysBlock = block;
                }
                long raw = keys[(int) (row & (BLOCK_ROWS - 1))];
                int index = key.isNull(raw) ? -1 : keyIndex.get(raw);
                if (index < 0 && keep != Keep.TABLE) {
                    continue;
                }
                if (test != null && !test.test(row)) {
                    continue;
                }
                if (index >= 0) {
                    Object[] tableValues = tableValues();
                    for (SmallRow match : rowsOfKey.get(index)) {
                        match.matched = true;
                        pending.add(joined(match.values, tableValues));
                    }
                    return true;
                }
                pending.add(joined(null, tableValues()));
                return true;
            }
            row = rows;
            return false;
        }

        /** Once, after the table: the small rows nothing matched, for a join that keeps them. */
        private boolean sendUnmatched() {
            if (unmatchedSent || keep != Keep.SMALL) {
                return false;
            }
            unmatchedSent = true;
            for (List<SmallRow> keyRows : rowsOfKey) {
                for (SmallRow smallRow : keyRows) {
                    if (!smallRow.matched) {
                        pending.add(joined(smallRow.values, null));
                    }
                }
            }
            for (SmallRow smallRow : nullKeys) {
                pending.add(joined(smallRow.values, null));
            }
            return !pending.isEmpty();
        }

        private Object[] tableValues() {
            Object[] values = new Object[columns.length];
            for (int i = 0; i < columns.length; i++) {
                values[i] = columns[i].value(row);
            }
            return values;
        }

        /** A joined row; a null side is padded with NULLs. */
        private Object[] joined(Object[] smallValues, Object[] tableValues) {
            Object[] joined = new Object[smallWidth + projects.length];
            int tableAt = smallFirst ? smallWidth : 0;
            if (smallValues != null) {
                System.arraycopy(smallValues, 0, joined, smallFirst ? 0 : projects.length, smallWidth);
            }
            if (tableValues != null) {
                System.arraycopy(tableValues, 0, joined, tableAt, projects.length);
            }
            return joined;
        }

        @Override
        public Object[] current() {
            return current;
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("a key lookup join is read once");
        }

        @Override
        public void close() {
            rowsOfKey.clear();
            pending.clear();
        }
    }
}
