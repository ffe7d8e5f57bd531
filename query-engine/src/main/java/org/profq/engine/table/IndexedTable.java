package org.profq.engine.table;

import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.ColumnScan;
import org.profq.engine.scan.ColumnSource;

/**
 * A table read from the recording's columnar index ({@link RecordingIndex}), with projection
 * and filter push-down ({@link ColumnScan}); a {@code GROUP BY} over it can run as one pass
 * over its columns ({@link org.profq.engine.scan.AggregationScan}). A subclass says how each
 * of its columns is read.
 */
abstract class IndexedTable extends RecordingTable implements ProjectableFilterableTable, ColumnSource {
    /** The index's table its rows are read from. */
    private final IndexColumn.Table stored;

    IndexedTable(LiveRecording live, TableDefinition definition, IndexColumn.Table stored) {
        super(live, definition);
        this.stored = stored;
    }

    @Override
    public long rows(RecordingIndex index) {
        return index.rows(stored);
    }

    @Override
    public ColumnReader[] planningColumns() {
        return columns(live.current());
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
