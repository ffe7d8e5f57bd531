package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntToLongFunction;

import org.profq.recording.EventVisitor;
import org.profq.recording.UseKind;
import org.profq.recording.ValueKind;

/**
 * Turns visited events into index rows, written straight into {@link RowChunk}s with no object
 * per event: allocations, deaths, exceptions and uses as they come, calls through the
 * {@link CallIndexer} as they end. Runs on the decoding thread; full chunks wait in
 * {@link #takeFull} until that thread hands them to the column writers, which give them back
 * through {@link #recycle} (the one method other threads call).
 */
final class RowCollector implements EventVisitor, CallIndexer.Sink {
    private final CallIndexer callIndexer = new CallIndexer(this);
    /** Written chunks given back, per table; filled in before any other thread sees this. */
    private final Map<Table, Queue<RowChunk>> spare = new EnumMap<>(Table.class);
    private final List<RowChunk> full = new ArrayList<>();
    private RowChunk calls;
    private RowChunk allocations;
    private RowChunk deaths;
    private RowChunk exceptions;
    private RowChunk uses;
    private RowChunk params;
    private RowChunk followed;
    private RowChunk fieldWrites;
    private RowChunk referenceFields;
    private long events;

    RowCollector() {
        for (Table table : Table.values()) {
            spare.put(table, new ConcurrentLinkedQueue<>());
        }
        calls = chunk(Table.CALLS);
        allocations = chunk(Table.ALLOCATIONS);
        deaths = chunk(Table.DEATHS);
        exceptions = chunk(Table.EXCEPTIONS);
        uses = chunk(Table.USES);
        params = chunk(Table.PARAMS);
        followed = chunk(Table.FOLLOWED_OBJECTS);
        fieldWrites = chunk(Table.FIELD_WRITES);
        referenceFields = chunk(Table.REFERENCE_FIELDS);
    }

    @Override
    public void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos) {
        events++;
        callIndexer.enter(threadId, callId, parentCallId, depth, methodId, timeNanos);
    }

    @Override
    public void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                           long timeNanos, boolean threw) {
        events++;
        callIndexer.exit(threadId, callId, parentCallId, depth, methodId, startNanos, timeNanos, threw);
    }

    @Override
    public void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                     long selfNanos, boolean threw, boolean finished, boolean outermost, int context) {
        RowChunk row = calls;
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
        calls = rowWritten(row);
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        events++;
        RowChunk row = allocations;
        row.put(ALLOCATION_OBJECT_ID, objectId);
        row.put(ALLOCATION_SITE_ID, siteId);
        row.put(ALLOCATION_CLASS_ID, classId);
        row.put(ALLOCATION_THREAD_ID, threadId);
        row.put(ALLOCATION_CALL_ID, callId);
        row.put(ALLOCATION_ALLOC_NS, timeNanos);
        row.put(ALLOCATION_SIZE_BYTES, sizeBytes);
        row.put(ALLOCATION_ARRAY_LENGTH, arrayLength);
        row.put(ALLOCATION_TRACKED, tracked ? 1 : 0);
        allocations = rowWritten(row);
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, boolean atExit) {
        events++;
        RowChunk row = deaths;
        row.put(DEATH_OBJECT_ID, objectId);
        row.put(DEATH_NS, timeNanos);
        row.put(DEATH_AT_EXIT, atExit ? 1 : 0);
        deaths = rowWritten(row);
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
        events++;
        RowChunk row = exceptions;
        row.put(EXCEPTION_THREAD_ID, threadId);
        row.put(EXCEPTION_CALL_ID, callId);
        row.put(EXCEPTION_CLASS_ID, classId);
        row.put(EXCEPTION_LINE, line);
        row.put(EXCEPTION_THROW_NS, timeNanos);
        exceptions = rowWritten(row);
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
        events++;
        RowChunk row = uses;
        row.put(USE_OBJECT_ID, objectId);
        row.put(USE_THREAD_ID, threadId);
        row.put(USE_CALL_ID, callId);
        row.put(USE_NS, timeNanos);
        row.put(USE_KIND, kind.ordinal());
        row.put(USE_MEMBER_ID, memberId);
        uses = rowWritten(row);
    }

    @Override
    public void parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType,
                          int classId, long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) {
        events++;
        RowChunk row = params;
        row.put(PARAM_CALL_ID, callId);
        row.put(PARAM_METHOD_ID, methodId);
        row.put(PARAM_POSITION, position);
        row.put(PARAM_KIND, kind.ordinal());
        row.put(PARAM_PRIMITIVE_TYPE, primitiveType);
        row.put(PARAM_CLASS_ID, classId);
        row.put(PARAM_VALUE, value);
        row.put(PARAM_LENGTH, length);
        row.put(PARAM_OBJECT_ID, objectId);
        row.put(PARAM_STAMP, kind == ValueKind.OBJECT || kind == ValueKind.ARRAY ? stamp : -1); // -1: NULL
        row.put(PARAM_WRITE_SEQ, writeSeq);
        params = rowWritten(row);
    }

    @Override
    public void followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos) {
        events++;
        RowChunk row = followed;
        row.put(FOLLOWED_OBJECT_ID, objectId);
        row.put(FOLLOWED_CLASS_ID, classId);
        row.put(FOLLOWED_SEEN_INTO, seenInto ? 1 : 0);
        row.put(FOLLOWED_THREAD_ID, threadId);
        row.put(FOLLOWED_CALL_ID, callId);
        followed = rowWritten(row);
    }

    @Override
    public void fieldWritten(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                             long timeNanos) {
        events++;
        RowChunk row = fieldWrites;
        row.put(FIELD_WRITE_OBJECT_ID, objectId);
        row.put(FIELD_WRITE_FIELD_ID, fieldId);
        row.put(FIELD_WRITE_SEQ, writeSeq);
        row.put(FIELD_WRITE_VALUE_OBJECT_ID, valueObjectId);
        row.put(FIELD_WRITE_THREAD_ID, threadId);
        row.put(FIELD_WRITE_CALL_ID, callId);
        fieldWrites = rowWritten(row);
    }

    @Override
    public void referenceFieldRead(int threadId, long callId, int methodId, int fieldId, long timeNanos) {
        events++;
        RowChunk row = referenceFields;
        row.put(REFERENCE_FIELD_METHOD_ID, methodId);
        row.put(REFERENCE_FIELD_FIELD_ID, fieldId);
        row.put(REFERENCE_FIELD_CALL_ID, callId);
        referenceFields = rowWritten(row);
    }

    /** Ends the calls still open (as {@link CallIndexer#finish}) and hands on every chunk that holds rows. */
    void finish(long recordingEndNanos, IntToLongFunction threadLastNanos) {
        callIndexer.finish(recordingEndNanos, threadLastNanos);
        for (RowChunk chunk : List.of(calls, allocations, deaths, exceptions, uses, params, followed, fieldWrites, referenceFields)) {
            if (chunk.rows > 0) {
                handOn(chunk);
            }
        }
    }

    /** The chunks filled since the last call, in the order they filled. */
    List<RowChunk> takeFull() {
        List<RowChunk> taken = List.copyOf(full);
        full.clear();
        return taken;
    }

    /** Gives back a chunk whose rows are written, to be filled again. Any thread. */
    void recycle(RowChunk chunk) {
        chunk.rows = 0;
        spare.get(chunk.table).add(chunk);
    }

    CallingContexts contexts() {
        return callIndexer.contexts();
    }

    /** Counts the row just written into {@code chunk}; gives the chunk for the next row (a fresh one once it is full). */
    private RowChunk rowWritten(RowChunk chunk) {
        return ++chunk.rows == RowChunk.CAPACITY ? handOn(chunk) : chunk;
    }

    private RowChunk handOn(RowChunk chunk) {
        chunk.eventsRead = events;
        full.add(chunk);
        return chunk(chunk.table);
    }

    private RowChunk chunk(Table table) {
        RowChunk chunk = spare.get(table).poll();
        return chunk != null ? chunk : new RowChunk(table);
    }
}
