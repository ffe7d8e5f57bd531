package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;
import org.profq.recording.UseKind;

/**
 * {@code uses}: one row per use of a tracked object (a field read or written, a method
 * called), read from the index's {@code uses} columns; {@code member_name} is named from the
 * field or method dictionary only for queries that read it.
 */
public final class UseTable extends IndexedTable {
    private static final UseKind[] KINDS = UseKind.values();

    public UseTable(LiveRecording live) {
        super(live, TableCatalog.USES, IndexColumn.Table.USES);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        Recording recording = snapshot.recording();
        MappedColumn kinds = index.column(USE_KIND);
        MappedColumn members = index.column(USE_MEMBER_ID);
        return new ColumnReader[] {
                ColumnReader.longs(index.column(USE_OBJECT_ID)),
                ColumnReader.intIds(index.column(USE_THREAD_ID)),
                ColumnReader.nullableIds(index.column(USE_CALL_ID)),
                ColumnReader.longs(index.column(USE_NS)),
                ColumnReader.computedText(row -> KINDS[kinds.getByte(row)].label()),
                ColumnReader.intIds(members),
                ColumnReader.computedText(row -> member(recording, KINDS[kinds.getByte(row)], members.getInt(row)))};
    }

    private static String member(Recording recording, UseKind kind, int memberId) {
        if (kind == UseKind.CALL) {
            return Signatures.of(recording, memberId);
        }
        return Signatures.field(recording, memberId);
    }
}
