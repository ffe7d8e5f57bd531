package org.profq.engine.scan;

import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A table whose rows are read from the recording's columnar index, as the scans of this
 * package see it: one {@link ColumnReader} per column it reads, over the recording as one
 * statement sees it, and its row count. The planner finds an aggregation's table by this
 * interface alone.
 */
public interface ColumnSource {
    /**
     * The name under which a statement's {@code DataContext} holds the {@code ColumnSource}s its
     * plan reads, so that the first one it reads can have the index build all of theirs in one pass.
     */
    String STATEMENT_TABLES = "profq.statementTables";

    /**
     * The table as the statement running {@code root} sees it, ready to read its columns
     * {@code columns}: the files those are read from are checked before this returns (a
     * damaged one is rebuilt first), so no row a scan makes of them holds a damaged byte.
     */
    Reading read(DataContext root, ImmutableBitSet columns);

    /** The column readers as planning sees them: their kinds, which do not change as a recording grows. Reads no file. */
    ColumnReader[] planningColumns();

    /** Column {@code column}'s name, for {@code EXPLAIN PLAN}. */
    String columnName(int column);

    /** Whether column {@code column} can be NULL. */
    boolean nullable(int column);

    int columnCount();

    /**
     * The column whose value names a row ({@code calls.call_id}, {@code allocations.object_id}),
     * or -1: such a table is too big to hold, so a join with it streams it ({@link KeyLookupJoin}).
     */
    default int idColumn() {
        return -1;
    }

    /** The columns of each set of totals per group this table keeps ({@link GroupTotals}): none by default. */
    default List<GroupTotals.Columns> totalsColumns() {
        return List.of();
    }

    /**
     * The totals per group of {@code columns} (one of {@link #totalsColumns}) of the table as the
     * statement running {@code root} sees it, committed with its rows and adding up to them; null
     * when there are none to trust (the rows are scanned instead). Reads no column.
     */
    default GroupTotals readTotals(DataContext root, GroupTotals.Columns columns) {
        return null;
    }

    /** Which columns the totals this table keeps per calling context cover ({@link ContextTotals}); null: it keeps none. */
    default ContextTotals.Columns contextTotalsColumns() {
        return null;
    }

    /**
     * The totals per calling context of the table as the statement running {@code root} sees it,
     * with the values of the key columns {@code keyColumns} (of {@link #contextTotalsColumns}'s
     * context keys) per group; committed with its rows, adding up to them, and worked out as a
     * scan of them now would; null when there are none to trust (the rows are scanned instead).
     */
    default ContextTotals readContextTotals(DataContext root, int[] keyColumns) {
        return null;
    }

    /** The columns a scan reads: {@code projected} (null: all of the table's {@code columnCount}) and those {@code filters} test. */
    static ImmutableBitSet columnsRead(int[] projected, List<RexNode> filters, int columnCount) {
        ImmutableBitSet read = projected == null ? ImmutableBitSet.range(columnCount) : ImmutableBitSet.of(projected);
        return read.union(RelOptUtil.InputFinder.bits(filters, null));
    }

    /** A table as one statement reads it. */
    interface Reading {
        long rows();

        /**
         * Readers of the columns read (null in the places of the others), with cursors of their
         * own: each thread that scans takes a set.
         */
        ColumnReader[] columns();
    }
}
