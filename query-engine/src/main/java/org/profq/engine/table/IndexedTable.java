package org.profq.engine.table;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.util.ImmutableBitSet;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.ColumnScan;
import org.profq.engine.scan.ColumnSource;
import org.profq.engine.scan.ContextTotals;
import org.profq.engine.scan.GroupTotals;
import org.profq.recording.Recording;

/**
 * A table read from the recording's columnar index ({@link RecordingIndex}), with projection
 * and filter push-down ({@link ColumnScan}); a {@code GROUP BY} over it can run as one pass
 * over its columns ({@link org.profq.engine.scan.AggregationScan}). A subclass says how each
 * of its columns is read. A scan makes readers of the columns it reads alone: so its index
 * table is built when first read (with the other tables its statement reads), and only the
 * column files it reads are mapped and checked. A table whose events the recording left out
 * refuses to be read ({@link EventsNotRecordedException}).
 */
abstract class IndexedTable extends RecordingTable implements ProjectableFilterableTable, ColumnSource {
    /** The index's table its rows are read from. */
    private final IndexColumn.Table stored;

    IndexedTable(LiveRecording live, TableDefinition definition, IndexColumn.Table stored) {
        super(live, definition);
        this.stored = stored;
    }

    /** The reader of column {@code column} (its place in the table's definition) over {@code index}'s files. */
    abstract ColumnReader reader(int column, StoredColumns index, Recording recording);

    @Override
    public Reading read(DataContext root, ImmutableBitSet columns) {
        LiveRecording.Snapshot snapshot = snapshot(root);
        Recording recording = snapshot.recording();
        EventsNotRecordedException.check(stored, recording);
        return snapshot.read(stored, statementTables(root), index -> {
            ColumnReader[] checked = readers(index, recording, columns); // maps, and so checks, each file they read
            long rows = index.rows(stored);
            return new Reading() {
                private ColumnReader[] first = checked;

                @Override
                public long rows() {
                    return rows;
                }

                @Override
                public synchronized ColumnReader[] columns() {
                    ColumnReader[] readers = first != null ? first : readers(index, recording, columns);
                    first = null;
                    return readers;
                }
            };
        });
    }

    @Override
    public GroupTotals readTotals(DataContext root, GroupTotals.Columns columns) {
        LiveRecording.Snapshot snapshot = snapshot(root);
        EventsNotRecordedException.check(stored, snapshot.recording());
        return snapshot.read(stored, statementTables(root), index -> {
            GroupTotals totals = totals(index, columns);
            return totals != null && totals.totalRows() == index.rows(stored) ? totals : null;
        });
    }

    /** The totals of {@code columns} (one of {@link #totalsColumns}) that {@code index} keeps of this table; null when it has none to trust. */
    GroupTotals totals(StoredColumns index, GroupTotals.Columns columns) {
        return null;
    }

    @Override
    public ContextTotals readContextTotals(DataContext root, int[] keyColumns) {
        LiveRecording.Snapshot snapshot = snapshot(root);
        Recording recording = snapshot.recording();
        EventsNotRecordedException.check(stored, recording);
        return snapshot.read(stored, statementTables(root), index -> contextTotals(index, recording, keyColumns));
    }

    /**
     * The totals per calling context that {@code index} keeps of this table, with the values of
     * {@code keyColumns} (of {@link #contextTotalsColumns}'s keys); null when it has none to trust.
     */
    ContextTotals contextTotals(StoredColumns index, Recording recording, int[] keyColumns) {
        return null;
    }

    @Override
    public ColumnReader[] planningColumns() {
        return readers(StoredColumns.NONE, live.recording(), ImmutableBitSet.range(columnCount()));
    }

    private ColumnReader[] readers(StoredColumns index, Recording recording, ImmutableBitSet columns) {
        ColumnReader[] readers = new ColumnReader[columnCount()];
        for (int column : columns) {
            readers[column] = reader(column, index, recording);
        }
        return readers;
    }

    /**
     * The index tables of this recording that the statement running {@code root} reads, as its
     * plan names them ({@link ColumnSource#STATEMENT_TABLES}): built in the same pass as this
     * table's when they are not built yet.
     */
    private Collection<IndexColumn.Table> statementTables(DataContext root) {
        List<IndexColumn.Table> tables = new ArrayList<>();
        if (root.get(STATEMENT_TABLES) instanceof Collection<?> sources) {
            for (Object source : sources) {
                if (source instanceof IndexedTable table && table.live == live) {
                    tables.add(table.stored);
                }
            }
        }
        return tables;
    }

    @Override
    public String columnName(int column) {
        return definition().columns().get(column).name();
    }

    @Override
    public boolean nullable(int column) {
        return definition().columns().get(column).nullable();
    }

    @Override
    public int columnCount() {
        return definition().columns().size();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        return ColumnScan.of(this, root, filters, projects);
    }
}
