package org.profq.engine.scan;

import org.apache.calcite.DataContext;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;

/**
 * A table whose rows are read from the recording's columnar index, as the scans of this
 * package see it: one {@link ColumnReader} per column over a snapshot of the recording, and
 * its row count. The planner finds an aggregation's table by this interface alone.
 */
public interface ColumnSource {

    /** The recording as the statement running {@code root} sees it. */
    LiveRecording.Snapshot snapshot(DataContext root);

    /** One reader per column, in column order, over {@code snapshot}'s index. */
    ColumnReader[] columns(LiveRecording.Snapshot snapshot);

    /** The column readers as planning sees them: their kinds, which do not change as a recording grows. */
    ColumnReader[] planningColumns();

    /** The table's rows in {@code index}. */
    long rows(RecordingIndex index);

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
}
