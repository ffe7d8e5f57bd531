package org.profq.engine.index;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntToLongFunction;

import org.profq.recording.IgnoringEventVisitor;
import org.profq.recording.Recording;
import org.profq.recording.ValueKind;

/**
 * Turns the visited events of one index table into its rows, written straight into
 * {@link RowChunk}s with no object per event. A subclass overrides the visitor methods of the
 * events its table is made of, and is given those alone ({@link EventFanOut}; the methods here
 * do nothing); it writes a row into {@link #rows}
 * and counts it with {@link #rowWritten}. Runs on the decoding thread; full chunks wait in {@link #takeFull}
 * until that thread hands them to the column writers, which give them back through
 * {@link #recycle} (the one method other threads call).
 */
abstract class RowCollector extends IgnoringEventVisitor {
    /** Written chunks given back, per table; filled in before any other thread sees this. */
    private final Map<IndexColumn.Table, Queue<RowChunk>> spare = new EnumMap<>(IndexColumn.Table.class);
    private final List<RowChunk> full = new ArrayList<>();
    /** The chunk the table's next row goes into: a subclass fills a row in it, then calls {@link #rowWritten}. */
    RowChunk rows;
    /** Set by a subclass when the rows it writes from then on are unfinished (calls still open at the end). */
    boolean writingUnfinished;

    RowCollector(IndexColumn.Table table) {
        for (IndexColumn.Table written : table.written()) {
            spare.put(written, new ConcurrentLinkedQueue<>());
        }
        rows = chunk(table);
    }






    @Override
    public void parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType,
                          int classId, long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) {
    }

    @Override
    public void followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos) {
    }

    @Override
    public void fieldWritten(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                             long timeNanos) {
    }

    @Override
    public void referenceFieldRead(int threadId, long callId, int methodId, int fieldId, long timeNanos) {
    }

    /**
     * After the last event: writes the rows only the end gives (calls still open end at
     * {@code recordingEndNanos}, or at their thread's last event, {@code threadLastNanos}, if
     * later), then hands on every chunk that holds rows.
     */
    void finish(long recordingEndNanos, IntToLongFunction threadLastNanos) {
        handOnRows(rows);
    }

    /**
     * What this collector knows after the events so far that its next rows depend on (calls:
     * each thread's open calls), for an extension to go on from: taken before {@link #finish}.
     * Most collectors know nothing.
     */
    byte[] saveState() {
        return new byte[0];
    }

    /**
     * What a collector keeps once it has finished: {@code saved}, the state {@link #saveState} gave
     * before it finished, for most; {@code calls} adds what it knows of the rows finishing wrote.
     */
    byte[] stateAfterFinish(byte[] saved) {
        return saved;
    }

    /** Before the first event (and after {@link #restoreState}): the recording the events are read from. */
    void readingFrom(Recording recording) {
    }

    /**
     * Takes up the state {@link #saveState} gave at the end of the build {@code manifest}
     * describes, whose table is in {@code directory}, before any event of the extension.
     */
    void restoreState(byte[] state, IndexManifest manifest, Path directory) throws IOException {
        if (state.length != 0) {
            throw new IndexDamagedException(directory + ": a state of " + state.length + " bytes for a table that keeps none");
        }
    }

    /** The chunks filled since the last call, in the order they filled. */
    final List<RowChunk> takeFull() {
        List<RowChunk> taken = List.copyOf(full);
        full.clear();
        return taken;
    }

    /** Gives back a chunk whose rows are written, to be filled again. Any thread. */
    final void recycle(RowChunk chunk) {
        chunk.rows = 0;
        chunk.unfinished = false;
        spare.get(chunk.table).add(chunk);
    }

    /** An empty chunk of {@code table}'s rows: a written one given back, or a new one. */
    final RowChunk chunk(IndexColumn.Table table) {
        RowChunk chunk = spare.get(table).poll();
        return chunk != null ? chunk : new RowChunk(table);
    }

    /** Counts the row just written into {@code chunk}; gives the chunk for the next row (a fresh one once it is full). */
    final RowChunk rowWritten(RowChunk chunk) {
        return ++chunk.rows == RowChunk.CAPACITY ? handOn(chunk) : chunk;
    }

    /** Hands {@code chunk} on if it holds rows (at the end: the last, partly filled chunk of a table). */
    final void handOnRows(RowChunk chunk) {
        if (chunk.rows > 0) {
            handOn(chunk);
        }
    }

    private RowChunk handOn(RowChunk chunk) {
        chunk.unfinished = writingUnfinished;
        full.add(chunk);
        return chunk(chunk.table);
    }
}
