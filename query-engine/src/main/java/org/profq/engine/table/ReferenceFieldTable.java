package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;

/** {@code reference_fields}: each value-profiled method's reference field set, read from the index's {@code reference_fields} columns. */
public final class ReferenceFieldTable extends IndexedTable {

    public ReferenceFieldTable(LiveRecording live) {
        super(live, TableCatalog.REFERENCE_FIELDS, IndexColumn.Table.REFERENCE_FIELDS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.intIds(index.column(REFERENCE_FIELD_METHOD_ID));
            case 1 -> ColumnReader.intIds(index.column(REFERENCE_FIELD_FIELD_ID));
            case 2 -> ColumnReader.text(index.column(REFERENCE_FIELD_FIELD_ID), field -> Signatures.field(recording, (int) field));
            case 3 -> ColumnReader.nullableIds(index.column(REFERENCE_FIELD_CALL_ID));
            default -> throw new IndexOutOfBoundsException(column);
        };
    }
}
