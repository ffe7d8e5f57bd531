package org.profq.engine.table;

import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.schema.ScannableTable;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.value.ValueTuples;

/**
 * {@code value_tuples}: the distinct parameter tuples of each value-profiled method under MT+R
 * and MT+R/M equality, worked out by {@link ValueTuples} from the index's value tables on the
 * first scan of a snapshot and kept for the next ones (one row per distinct tuple: a method called
 * ten million times with three tuples is three rows).
 */
public final class ValueTupleTable extends RecordingTable implements ScannableTable {
    /** What the tuples are worked out from, besides {@code params}. */
    private static final List<IndexColumn.Table> VALUE_TABLES = List.of(IndexColumn.Table.FOLLOWED_OBJECTS,
            IndexColumn.Table.FIELD_WRITES, IndexColumn.Table.REFERENCE_FIELDS);
    private LiveRecording.Snapshot computedFor;
    private List<Object[]> rows;

    public ValueTupleTable(LiveRecording live) {
        super(live, TableCatalog.VALUE_TUPLES);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        return Linq4j.asEnumerable(rows(snapshot(root)));
    }

    private synchronized List<Object[]> rows(LiveRecording.Snapshot snapshot) {
        if (computedFor != snapshot) {
            rows = snapshot.read(IndexColumn.Table.PARAMS, VALUE_TABLES, ValueTuples::of).stream()
                    .map(row -> new Object[] {row.methodId(), row.equality(), row.tuple(), row.calls(), row.firstCallId(),
                            row.droppedPositions()})
                    .toList();
            computedFor = snapshot;
        }
        return rows;
    }
}
