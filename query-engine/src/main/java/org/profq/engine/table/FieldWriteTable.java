package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;

/**
 * {@code field_writes}: one row per field write to a followed object (or reference it held when
 * first followed), read from the index's {@code field_writes} columns; {@code field_name} is
 * named from the field dictionary only for queries that read it.
 */
public final class FieldWriteTable extends IndexedTable {

    public FieldWriteTable(LiveRecording live) {
        super(live, TableCatalog.FIELD_WRITES, IndexColumn.Table.FIELD_WRITES);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(FIELD_WRITE_OBJECT_ID));
            case 1 -> ColumnReader.intIds(index.column(FIELD_WRITE_FIELD_ID));
            case 2 -> ColumnReader.text(index.column(FIELD_WRITE_FIELD_ID), field -> Signatures.field(recording, (int) field));
            case 3 -> ColumnReader.longs(index.column(FIELD_WRITE_SEQ));
            case 4 -> ColumnReader.nullableIds(index.column(FIELD_WRITE_VALUE_OBJECT_ID));
            case 5 -> ColumnReader.intIds(index.column(FIELD_WRITE_THREAD_ID));
            case 6 -> ColumnReader.nullableIds(index.column(FIELD_WRITE_CALL_ID));
            default -> throw new IndexOutOfBoundsException(column);
        };
    }
}
