package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

/** The rows of {@code reference_fields}: one per field a value-profiled method was seen to read (MT+R/M). */
final class ReferenceFieldRows extends RowCollector {
    ReferenceFieldRows() {
        super(Table.REFERENCE_FIELDS);
    }

    @Override
    public void referenceFieldRead(int threadId, long callId, int methodId, int fieldId, long timeNanos) {
        RowChunk row = rows;
        row.put(REFERENCE_FIELD_METHOD_ID, methodId);
        row.put(REFERENCE_FIELD_FIELD_ID, fieldId);
        row.put(REFERENCE_FIELD_CALL_ID, callId);
        rows = rowWritten(row);
    }
}
