package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.recording.UseKind;

/** The rows of {@code uses}: one per use of a tracked object, in log order. */
final class UseRows extends RowCollector {
    UseRows() {
        super(Table.USES);
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
        RowChunk row = rows;
        row.put(USE_OBJECT_ID, objectId);
        row.put(USE_THREAD_ID, threadId);
        row.put(USE_CALL_ID, callId);
        row.put(USE_NS, timeNanos);
        row.put(USE_KIND, kind.ordinal());
        row.put(USE_MEMBER_ID, memberId);
        rows = rowWritten(row);
    }
}
