package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

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
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        Recording recording = snapshot.recording();
        MappedColumn fields = index.column(FIELD_WRITE_FIELD_ID);
        return new ColumnReader[] {
                ColumnReader.longs(index.column(FIELD_WRITE_OBJECT_ID)),
                ColumnReader.intIds(fields),
                ColumnReader.text(fields, field -> Signatures.field(recording, (int) field)),
                ColumnReader.longs(index.column(FIELD_WRITE_SEQ)),
                ColumnReader.nullableIds(index.column(FIELD_WRITE_VALUE_OBJECT_ID)),
                ColumnReader.intIds(index.column(FIELD_WRITE_THREAD_ID)),
                ColumnReader.nullableIds(index.column(FIELD_WRITE_CALL_ID))};
    }
}
