package org.profq.engine.table;

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
        super(live, TableCatalog.CALLS);
    }

    @Override
    public long rows(RecordingIndex index) {
        return index.callRows();
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        Recording recording = snapshot.recording();
        return new ColumnReader[] {
                ColumnReader.longs(index.callId()),
                ColumnReader.intIds(index.callThreadId()),
                ColumnReader.intIds(index.callMethodId()),
                ColumnReader.nullableIds(index.callParentCallId()),
                ColumnReader.ints(index.callDepth()),
                ColumnReader.longs(index.callStartNanos()),
                ColumnReader.longs(index.callEndNanos()),
                ColumnReader.difference(index.callEndNanos(), index.callStartNanos()),
                ColumnReader.longs(index.callSelfNanos()),
                ColumnReader.flag(index.callFlags(), RecordingIndex.THREW),
                ColumnReader.flag(index.callFlags(), RecordingIndex.FINISHED),
                ColumnReader.flag(index.callFlags(), RecordingIndex.OUTERMOST),
                ColumnReader.text(index.callContext(),
                        context -> index.stack((int) context, methodId -> Signatures.of(recording, methodId)))};
    }
}
