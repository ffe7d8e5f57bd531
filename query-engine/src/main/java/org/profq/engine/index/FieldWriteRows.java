package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

/** The rows of {@code field_writes}: one per field write to a followed object, in write-sequence order. */
final class FieldWriteRows extends RowCollector {
    FieldWriteRows() {
        super(Table.FIELD_WRITES);
    }

    @Override
    public void fieldWritten(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                             long timeNanos) {
        RowChunk row = rows;
        row.put(FIELD_WRITE_OBJECT_ID, objectId);
        row.put(FIELD_WRITE_FIELD_ID, fieldId);
        row.put(FIELD_WRITE_SEQ, writeSeq);
        row.put(FIELD_WRITE_VALUE_OBJECT_ID, valueObjectId);
        row.put(FIELD_WRITE_THREAD_ID, threadId);
        row.put(FIELD_WRITE_CALL_ID, callId);
        rows = rowWritten(row);
    }
}
