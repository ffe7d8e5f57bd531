package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntToLongFunction;

import org.profq.recording.EventVisitor;
import org.profq.recording.UseKind;

/**
 * Turns visited events into index rows, written straight into {@link RowChunk}s with no object
 * per event: allocations, deaths, exceptions and uses as they come, calls through the
 * {@link CallIndexer} as they end. Runs on the decoding thread; full chunks wait in
 * {@link #takeFull} until that thread hands them to the column writers, which give them back
 * through {@link #recycle} (the one method other threads call).
 */
final class RowCollector implements EventVisitor, CallIndexer.Sink {
    private static final List<String> TABLES = List.of("calls", "allocations", "deaths", "exceptions", "uses");

    private final CallIndexer callIndexer = new CallIndexer(this);
    /** Written chunks given back, per table of {@link #TABLES}. */
    private final List<Queue<RowChunk>> spare = TABLES.stream().<Queue<RowChunk>>map(table -> new ConcurrentLinkedQueue<>()).toList();
    private final List<RowChunk> full = new ArrayList<>();
    private RowChunk calls = chunk(0);
    private RowChunk allocations = chunk(1);
    private RowChunk deaths = chunk(2);
    private RowChunk exceptions = chunk(3);
    private RowChunk uses = chunk(4);
    private long events;

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

    /** A calls row, in the order of the calls columns of {@link IndexColumn}. */
    @Override
    public void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                     long selfNanos, boolean threw, boolean finished, boolean outermost, int context) {
        long[][] columns = calls.values;
        int row = calls.rows;
        columns[0][row] = callId;
        columns[1][row] = threadId;
        columns[2][row] = methodId;
        columns[3][row] = parentCallId;
        columns[4][row] = depth;
        columns[5][row] = startNanos;
        columns[6][row] = endNanos;
        columns[7][row] = selfNanos;
        columns[8][row] = (threw ? THREW : 0) | (finished ? FINISHED : 0) | (outermost ? OUTERMOST : 0);
        columns[9][row] = context;
        calls = rowWritten(calls);
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        events++;
        long[][] columns = allocations.values;
        int row = allocations.rows;
        columns[0][row] = objectId;
        columns[1][row] = siteId;
        columns[2][row] = classId;
        columns[3][row] = threadId;
        columns[4][row] = callId;
        columns[5][row] = timeNanos;
        columns[6][row] = sizeBytes;
        columns[7][row] = arrayLength;
        columns[8][row] = tracked ? 1 : 0;
        allocations = rowWritten(allocations);
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, boolean atExit) {
        events++;
        long[][] columns = deaths.values;
        int row = deaths.rows;
        columns[0][row] = objectId;
        columns[1][row] = timeNanos;
        columns[2][row] = atExit ? 1 : 0;
        deaths = rowWritten(deaths);
    }

    @Override
    public void thrown(int threadId, long callId, int classId, int line, long timeNanos) {
        events++;
        long[][] columns = exceptions.values;
        int row = exceptions.rows;
        columns[0][row] = threadId;
        columns[1][row] = callId;
        columns[2][row] = classId;
        columns[3][row] = line;
        columns[4][row] = timeNanos;
        exceptions = rowWritten(exceptions);
    }

    @Override
    public void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos) {
        events++;
        long[][] columns = uses.values;
        int row = uses.rows;
        columns[0][row] = objectId;
        columns[1][row] = threadId;
        columns[2][row] = callId;
        columns[3][row] = timeNanos;
        columns[4][row] = kind.ordinal();
        columns[5][row] = memberId;
        uses = rowWritten(uses);
    }

    /** Ends the calls still open (as {@link CallIndexer#finish}) and hands on every chunk that holds rows. */
    void finish(long recordingEndNanos, IntToLongFunction threadLastNanos) {
        callIndexer.finish(recordingEndNanos, threadLastNanos);
        for (RowChunk chunk : List.of(calls, allocations, deaths, exceptions, uses)) {
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
        spare.get(TABLES.indexOf(chunk.table)).add(chunk);
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
        return chunk(TABLES.indexOf(chunk.table));
    }

    private RowChunk chunk(int table) {
        RowChunk chunk = spare.get(table).poll();
        return chunk != null ? chunk : new RowChunk(TABLES.get(table));
    }
}
