package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.util.function.IntToLongFunction;

/**
 * The rows of {@code calls}, made from entries and exits by the {@link CallIndexer} as calls
 * end (calls still open at the end come last), and, at the end, of {@code contexts}: the
 * calling-context tree their {@code stack} names.
 */
final class CallRows extends RowCollector implements CallIndexer.Sink {
    private final CallIndexer callIndexer = new CallIndexer(this);

    CallRows() {
        super(Table.CALLS);
    }

    @Override
    public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
        callIndexer.enter(threadId, callId, parentCallId, depth, methodId, timeNanos);
    }

    @Override
    public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                           long timeNanos, boolean threw) {
        callIndexer.exit(threadId, callId, parentCallId, depth, methodId, startNanos, timeNanos, threw);
    }

    @Override
    public void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                     long selfNanos, boolean threw, boolean finished, boolean outermost, int context) {
        RowChunk row = rows;
        row.put(CALL_ID, callId);
        row.put(CALL_THREAD_ID, threadId);
        row.put(CALL_METHOD_ID, methodId);
        row.put(CALL_PARENT_CALL_ID, parentCallId);
        row.put(CALL_DEPTH, depth);
        row.put(CALL_START_NS, startNanos);
        row.put(CALL_END_NS, endNanos);
        row.put(CALL_SELF_NS, selfNanos);
        row.put(CALL_FLAGS, (threw ? THREW : 0) | (finished ? FINISHED : 0) | (outermost ? OUTERMOST : 0));
        row.put(CALL_CONTEXT, context);
        rows = rowWritten(row);
    }

    /** Ends the calls still open (as {@link CallIndexer#finish}), then writes the calling contexts, numbered from 1. */
    @Override
    void finish(long recordingEndNanos, IntToLongFunction threadLastNanos) {
        callIndexer.finish(recordingEndNanos, threadLastNanos);
        super.finish(recordingEndNanos, threadLastNanos);
        CallingContexts contexts = callIndexer.contexts();
        RowChunk contextRows = chunk(Table.CONTEXTS);
        for (int context = 1; context <= contexts.count(); context++) {
            contextRows.put(CONTEXT_PARENT, contexts.parent(context));
            contextRows.put(CONTEXT_METHOD_ID, contexts.method(context));
            contextRows = rowWritten(contextRows);
        }
        handOnRows(contextRows);
    }
}
