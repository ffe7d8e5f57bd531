package org.profq.engine.scan;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;
import static org.profq.engine.index.MappedColumn.BLOCK_SHIFT;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rex.RexNode;

/**
 * A scan of one indexed table with projection and filter push-down: it reads only the
 * projected columns, tests the filters {@link PushedFilters} can take on the mapped columns,
 * and builds a row only for rows that pass. Nothing is held on the heap but the row being
 * built. The filters are tested a block at a time; before each block it looks at the
 * statement's cancel flag ({@code Statement.cancel()}, a query timeout), so a long query stops
 * where it reads.
 */
public final class ColumnScan extends AbstractEnumerable<Object[]> {
    private final long rows;
    private final PushedFilters.RowTest test;
    private final ColumnReader[] columns;
    private final AtomicBoolean cancelled;

    private ColumnScan(long rows, PushedFilters.RowTest test, ColumnReader[] columns, AtomicBoolean cancelled) {
        this.rows = rows;
        this.test = test;
        this.columns = columns;
        this.cancelled = cancelled == null ? new AtomicBoolean() : cancelled;
    }

    /**
     * The rows of {@code table} as the statement running {@code root} sees them, as the values
     * of its columns {@code projects} (null: all): only the rows that pass the filters this
     * takes out of {@code filters}; Calcite tests those it leaves.
     */
    public static ColumnScan of(ColumnSource table, DataContext root, List<RexNode> filters, int[] projects) {
        ColumnSource.Reading reading = table.read(root, ColumnSource.columnsRead(projects, filters, table.columnCount()));
        ColumnReader[] columns = reading.columns();
        PushedFilters.RowTest test = PushedFilters.take(filters, columns);
        ColumnReader[] projected = columns;
        if (projects != null) {
            projected = new ColumnReader[projects.length];
            for (int i = 0; i < projects.length; i++) {
                projected[i] = columns[projects[i]];
            }
        }
        return new ColumnScan(reading.rows(), test, projected, DataContext.Variable.CANCEL_FLAG.get(root));
    }

    @Override
    public Enumerator<Object[]> enumerator() {
        return new Enumerator<>() {
            /** The block being read, its first row, and the indexes within it of its rows that pass. */
            private long block = -1;
            private long first;
            private final int[] selected = new int[BLOCK_ROWS];
            private int passing;
            private int next;
            private Object[] current;

            @Override
            public Object[] current() {
                return current;
            }

            @Override
            public boolean moveNext() {
                while (next == passing) {
                    if (!nextBlock()) {
                        current = null;
                        return false;
                    }
                }
                long row = first + selected[next++];
                Object[] values = new Object[columns.length];
                for (int i = 0; i < columns.length; i++) {
                    values[i] = columns[i].value(row);
                }
                current = values;
                return true;
            }

            /** Selects the rows of the next block that pass; false when there is none. */
            private boolean nextBlock() {
                first = ++block << BLOCK_SHIFT;
                if (first >= rows) {
                    block--;
                    return false;
                }
                if (cancelled.get()) {
                    throw new CancellationException("the query was cancelled");
                }
                int count = (int) Math.min(BLOCK_ROWS, rows - first);
                for (int i = 0; i < count; i++) {
                    selected[i] = i;
                }
                passing = test == null ? count : test.refine(block, first, selected, count);
                next = 0;
                return true;
            }

            @Override
            public void reset() {
                block = -1;
                passing = 0;
                next = 0;
                current = null;
            }

            @Override
            public void close() {
            }
        };
    }
}
