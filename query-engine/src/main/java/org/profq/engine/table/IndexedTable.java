package org.profq.engine.table;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;

/**
 * A table read from the recording's columnar index ({@link RecordingIndex}), with projection
 * and filter push-down: a scan reads only the columns the query uses, tests the filters
 * {@link PushedFilters} can take on the mapped columns, and builds a row only for rows that
 * pass. Nothing is held on the heap but the row being built.
 */
abstract class IndexedTable extends RecordingTable implements ProjectableFilterableTable {

    IndexedTable(LiveRecording live, TableDefinition definition) {
        super(live, definition);
    }

    /** One reader per column, in column order, over {@code snapshot}'s index. */
    abstract ColumnReader[] columns(LiveRecording.Snapshot snapshot);

    abstract long rows(RecordingIndex index);

    /** The column readers as planning sees them: their kinds, which do not change as a recording grows. */
    ColumnReader[] planningColumns() {
        return columns(live.current());
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        LiveRecording.Snapshot snapshot = snapshot(root);
        ColumnReader[] columns = columns(snapshot);
        PushedFilters.RowTest test = PushedFilters.take(filters, columns);
        ColumnReader[] projected = columns;
        if (projects != null) {
            projected = new ColumnReader[projects.length];
            for (int i = 0; i < projects.length; i++) {
                projected[i] = columns[projects[i]];
            }
        }
        return new ColumnScan(rows(snapshot.index()), test, projected, DataContext.Variable.CANCEL_FLAG.get(root));
    }

    /**
     * Rows {@code 0 .. rows-1} that pass {@code test}, as the values of {@code columns}. Every
     * {@link #CANCEL_CHECK_ROWS} rows it looks at the statement's cancel flag
     * ({@code Statement.cancel()}, a query timeout), so a long query stops where it reads.
     */
    private static final class ColumnScan extends AbstractEnumerable<Object[]> {
        private static final int CANCEL_CHECK_ROWS = 4096;

        private final long rows;
        private final PushedFilters.RowTest test;
        private final ColumnReader[] columns;
        private final AtomicBoolean cancelled;

        ColumnScan(long rows, PushedFilters.RowTest test, ColumnReader[] columns, AtomicBoolean cancelled) {
            this.rows = rows;
            this.test = test;
            this.columns = columns;
            this.cancelled = cancelled == null ? new AtomicBoolean() : cancelled;
        }

        @Override
        public Enumerator<Object[]> enumerator() {
            return new Enumerator<>() {
                private long row = -1;
                private Object[] current;

                @Override
                public Object[] current() {
                    return current;
                }

                @Override
                public boolean moveNext() {
                    while (++row < rows) {
                        if ((row & (CANCEL_CHECK_ROWS - 1)) == 0 && cancelled.get()) {
                            throw new CancellationException("the query was cancelled");
                        }
                        if (test == null || test.test(row)) {
                            Object[] values = new Object[columns.length];
                            for (int i = 0; i < columns.length; i++) {
                                values[i] = columns[i].value(row);
                            }
                            current = values;
                            return true;
                        }
                    }
                    row = rows;
                    current = null;
                    return false;
                }

                @Override
                public void reset() {
                    row = -1;
                    current = null;
                }

                @Override
                public void close() {
                }
            };
        }
    }
}
