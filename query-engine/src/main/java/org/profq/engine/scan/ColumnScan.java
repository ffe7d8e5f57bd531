package org.profq.engine.scan;

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
 * built. Every {@link #CANCEL_CHECK_ROWS} rows it looks at the statement's cancel flag
 * ({@code Statement.cancel()}, a query timeout), so a long query stops where it reads.
 */
public final class ColumnScan extends AbstractEnumerable<Object[]> {
    private static final int CANCEL_CHECK_ROWS = 4096;

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
