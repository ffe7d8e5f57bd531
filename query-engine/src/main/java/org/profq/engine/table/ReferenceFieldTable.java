package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

/** {@code reference_fields}: each value-profiled method's reference field set, read from the index's {@code reference_fields} columns. */
public final class ReferenceFieldTable extends IndexedTable {

    public ReferenceFieldTable(LiveRecording live) {
        super(live, TableCatalog.REFERENCE_FIELDS, IndexColumn.Table.REFERENCE_FIELDS);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        Recording recording = snapshot.recording();
        MappedColumn fields = index.column(REFERENCE_FIELD_FIELD_ID);
        return new ColumnReader[] {
                ColumnReader.intIds(index.column(REFERENCE_FIELD_METHOD_ID)),
                ColumnReader.intIds(fields),
                ColumnReader.text(fields, field -> Signatures.field(recording, (int) field)),
                ColumnReader.nullableIds(index.column(REFERENCE_FIELD_CALL_ID))};
    }
}
