package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

/** The rows of {@code exceptions}: one per exception seen, in log order. */
final class ExceptionRows extends RowCollector {
    ExceptionRows() {
        super(Table.EXCEPTIONS);
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
        RowChunk row = rows;
        row.put(EXCEPTION_THREAD_ID, threadId);
        row.put(EXCEPTION_CALL_ID, callId);
        row.put(EXCEPTION_CLASS_ID, classId);
        row.put(EXCEPTION_LINE, line);
        row.put(EXCEPTION_THROW_NS, timeNanos);
        rows = rowWritten(row);
    }
}
