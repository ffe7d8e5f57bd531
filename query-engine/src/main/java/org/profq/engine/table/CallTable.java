package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

/**
 * {@code calls}: one row per method execution, in the order calls end (calls still running
 * when the recording ended come last), read from the index's {@code calls} columns.
 * {@code duration_ns} is end minus start; {@code stack} is named from the call's calling
 * context only for queries that read it.
 */
public final class CallTable extends IndexedTable {

    public CallTable(LiveRecording live) {
        super(live, TableCatalog.CALLS, IndexColumn.Table.CALLS);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        Recording recording = snapshot.recording();
        return new ColumnReader[] {
                ColumnReader.longs(index.column(CALL_ID)),
                ColumnReader.intIds(index.column(CALL_THREAD_ID)),
                ColumnReader.intIds(index.column(CALL_METHOD_ID)),
                ColumnReader.nullableIds(index.column(CALL_PARENT_CALL_ID)),
                ColumnReader.ints(index.column(CALL_DEPTH)),
                ColumnReader.longs(index.column(CALL_START_NS)),
                ColumnReader.longs(index.column(CALL_END_NS)),
                ColumnReader.difference(index.column(CALL_END_NS), index.column(CALL_START_NS)),
                ColumnReader.longs(index.column(CALL_SELF_NS)),
                ColumnReader.flag(index.column(CALL_FLAGS), THREW),
                ColumnReader.flag(index.column(CALL_FLAGS), FINISHED),
                ColumnReader.flag(index.column(CALL_FLAGS), OUTERMOST),
                ColumnReader.text(index.column(CALL_CONTEXT),
                        context -> index.stack((int) context, methodId -> Signatures.of(recording, methodId)))};
    }

    /** Column 0, {@code call_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
