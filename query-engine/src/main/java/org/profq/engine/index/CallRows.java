package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.IntToLongFunction;

import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

/**
 * The rows of {@code calls}, made from entries and exits by the {@link CallIndexer} as calls
 * end (calls still open at the end come last, marked unfinished), and, at the end, of
 * {@code contexts}: the calling-context tree their {@code stack} names. A row keeps what its
 * context does not already say ({@link IndexColumn}: no method, the depth beyond the context's),
 * and its calls and allocations inside apart from those it made. An extension goes on
 * with the open calls and the tree the last build ended with, and adds the contexts met since.
 * Its state also keeps the rows' totals per calling context ({@link CallTotals}): those of the
 * finished rows, which an extension adds on to, and those of the calls still open at the end,
 * which it writes again.
 */
final class CallRows extends RowCollector implements CallIndexer.Sink {
    // Each column's array in a chunk, as constants: a row is written into the arrays directly.
    private static final int CALL_ID_AT = CALL_ID.position();
    private static final int THREAD_ID_AT = CALL_THREAD_ID.position();
    private static final int PARENT_CALL_ID_AT = CALL_PARENT_CALL_ID.position();
    private static final int DEPTH_BEYOND_CONTEXT_AT = CALL_DEPTH_BEYOND_CONTEXT.position();
    private static final int START_NS_AT = CALL_START_NS.position();
    private static final int END_NS_AT = CALL_END_NS.position();
    private static final int SELF_NS_AT = CALL_SELF_NS.position();
    private static final int FLAGS_AT = CALL_FLAGS.position();
    private static final int CONTEXT_AT = CALL_CONTEXT.position();
    private static final int CPU_NS_AT = CALL_CPU_NS.position();
    private static final int SELF_CPU_NS_AT = CALL_SELF_CPU_NS.position();
    private static final int CALLS_MADE_AT = CALL_CALLS_MADE.position();
    private static final int CALLS_IN_CALLEES_AT = CALL_CALLS_IN_CALLEES.position();
    private static final int ALLOCATIONS_MADE_AT = CALL_ALLOCATIONS_MADE.position();
    private static final int ALLOCATIONS_IN_CALLEES_AT = CALL_ALLOCATIONS_IN_CALLEES.position();
    private static final int INCLUSIVE_CORRECTION_AT = CALL_INCLUSIVE_CORRECTION.position();
    private static final int SELF_CORRECTION_AT = CALL_SELF_CORRECTION.position();
    private static final int CPU_CORRECTION_AT = CALL_CPU_CORRECTION.position();
    private static final int SELF_CPU_CORRECTION_AT = CALL_SELF_CPU_CORRECTION.position();

    private final CallIndexer callIndexer = new CallIndexer(this);
    /** The contexts the table already holds (an extension's: those the last build wrote). */
    private int contextsWritten;
    /** The totals of the finished rows; those of the unfinished ones, written at the end, apart. */
    private CallTotals totals = new CallTotals();
    private CallTotals unfinishedTotals;
    /** The rows the table held before this pass (an extension's), compensated with {@link CallIndexer#compensation}. */
    private long rowsBefore;

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
    public void cpuUsed(int threadId, long callId, long cpuNanos, long timeNanos) {
        callIndexer.cpuUsed(threadId, cpuNanos);
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos, long sizeBytes,
                          int arrayLength, boolean tracked) {
        callIndexer.allocated(threadId);
    }

    @Override
    public void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                     long selfNanos, boolean threw, boolean finished, boolean outermost, int context, long cpuNanos,
                     long selfCpuNanos, long callsMade, long callsInside, long allocationsMade, long allocationsInside,
                     CallIndexer.CompensatedTimes compensated) {
        int depthBeyondContext = depth - callIndexer.contexts().depth(context);
        RowChunk row = rows;
        long[][] columns = row.values;
        int r = row.rows;
        columns[CALL_ID_AT][r] = callId;
        columns[THREAD_ID_AT][r] = threadId;
        // the method is the context's, and the depth the context's too: kept as what they add to it
        columns[PARENT_CALL_ID_AT][r] = parentCallId;
        columns[DEPTH_BEYOND_CONTEXT_AT][r] = depthBeyondContext;
        columns[START_NS_AT][r] = startNanos;
        columns[END_NS_AT][r] = endNanos;
        columns[SELF_NS_AT][r] = selfNanos;
        columns[FLAGS_AT][r] = (threw ? THREW : 0) | (finished ? FINISHED : 0) | (outermost ? OUTERMOST : 0);
        columns[CONTEXT_AT][r] = context;
        columns[CPU_NS_AT][r] = cpuNanos;
        columns[SELF_CPU_NS_AT][r] = selfCpuNanos;
        columns[CALLS_MADE_AT][r] = callsMade;
        columns[CALLS_IN_CALLEES_AT][r] = callsInside - callsMade;
        columns[ALLOCATIONS_MADE_AT][r] = allocationsMade;
        columns[ALLOCATIONS_IN_CALLEES_AT][r] = allocationsInside - allocationsMade;
        // what the compensation of the whole tree makes of the call's times, as what it adds to the call's own clamped
        // difference (0 for most calls: a leaf, a call whose callees paid for their advice, a call charged no CPU time)
        Compensation compensation = callIndexer.compensation();
        long duration = endNanos - startNanos;
        long overhead = compensation.overhead(callsInside, allocationsInside);
        long selfOverhead = compensation.selfOverhead(callsMade, allocationsMade);
        columns[INCLUSIVE_CORRECTION_AT][r] = compensated.inclusiveNanos - Math.max(0, duration - overhead);
        columns[SELF_CORRECTION_AT][r] = compensated.selfNanos - Math.max(0, selfNanos - selfOverhead);
        columns[CPU_CORRECTION_AT][r] = compensated.cpuNanos - Math.max(0, cpuNanos - overhead);
        columns[SELF_CPU_CORRECTION_AT][r] = compensated.selfCpuNanos - Math.max(0, selfCpuNanos - selfOverhead);
        rows = rowWritten(row);
        (writingUnfinished ? unfinishedTotals : totals).add(context, (outermost ? CallTotals.OUTERMOST : 0)
                        | (parentCallId == 0 ? CallTotals.ROOT : 0), depthBeyondContext,
                duration, selfNanos, cpuNanos, selfCpuNanos, compensated);
    }

    /**
     * The calls are compensated with the recording's calibration (none: nothing taken off), as
     * {@code calls} reads it. The calibration is written once, at most a second or so into the run: an
     * extension of rows compensated without it (an index built while the program started) is refused,
     * and the table built afresh, since a call's compensated times depend on all of its callees'.
     */
    @Override
    void readingFrom(Recording recording) {
        Compensation now = Compensation.of(recording);
        if (rowsBefore > 0 && !now.calibration().equals(callIndexer.compensation().calibration())) {
            throw new RecordingException("the calls indexed so far were compensated before the recording's calibration"
                    + " was known: built afresh");
        }
        callIndexer.compensateWith(now);
        totals.continueWith(now.calibration());
    }

    /** The open calls (their length, then them), then the totals of the finished rows. */
    @Override
    byte[] saveState() {
        ByteArrayOutputStream openCalls = new ByteArrayOutputStream();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream open = new DataOutputStream(openCalls); DataOutputStream out = new DataOutputStream(bytes)) {
            callIndexer.save(open);
            open.flush();
            out.writeInt(openCalls.size());
            openCalls.writeTo(out);
            totals.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** {@link #saveState}'s, then the totals of the unfinished rows. */
    @Override
    byte[] stateAfterFinish(byte[] saved) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(saved);
            unfinishedTotals.writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * The totals of every row of a build or extension whose state is {@code state} and whose
     * manifest is {@code manifest}; damaged when they are not whole or do not add up to its rows.
     */
    static CallTotals totals(byte[] state, IndexManifest manifest) throws IndexDamagedException {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(state))) {
            in.skipNBytes(in.readInt());
            long finished = manifest.finishedRows(Table.CALLS);
            CallTotals totals = CallTotals.readFrom(in, finished);
            CallTotals unfinished = CallTotals.readFrom(in, manifest.rows(Table.CALLS) - finished);
            if (in.read() != -1) {
                throw new IndexDamagedException("the totals of calls have bytes after their end");
            }
            return totals.plus(unfinished);
        } catch (IndexDamagedException e) {
            throw e;
        } catch (IOException e) {
            throw new IndexDamagedException("the totals of calls are cut short");
        }
    }

    /** Takes up the open calls saved, and the calling contexts from the table's {@code contexts} columns. */
    @Override
    void restoreState(byte[] state, IndexManifest manifest, Path directory) throws IOException {
        contextsWritten = Math.toIntExact(manifest.rows(Table.CONTEXTS));
        MappedColumn parents = MappedColumn.map(directory.resolve(CONTEXT_PARENT.fileName()), manifest.extent(CONTEXT_PARENT));
        MappedColumn methods = MappedColumn.map(directory.resolve(CONTEXT_METHOD_ID.fileName()), manifest.extent(CONTEXT_METHOD_ID));
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(state))) {
            int openCalls = in.readInt();
            DataInputStream open = new DataInputStream(new ByteArrayInputStream(in.readNBytes(openCalls)));
            callIndexer.restore(open, contextsWritten, context -> parents.getInt(context - 1),
                    context -> methods.getInt(context - 1));
            if (open.read() != -1) {
                throw new IOException("bytes after the open calls");
            }
            totals = CallTotals.readFrom(in, manifest.finishedRows(Table.CALLS)); // those of the unfinished rows follow
            callIndexer.compensateWith(new Compensation(totals.calibration()));
            rowsBefore = manifest.rows(Table.CALLS);
        } catch (IOException e) {
            throw new IndexDamagedException(directory + ": its state to extend it from is unreadable: " + e.getMessage());
        }
    }

    /**
     * Ends the calls still open (as {@link CallIndexer#finish}), as unfinished rows, then writes
     * the calling contexts not written before, numbered from 1.
     */
    @Override
    void finish(long recordingEndNanos, IntToLongFunction threadLastNanos) {
        handOnRows(rows);
        rows = chunk(Table.CALLS);
        writingUnfinished = true;
        unfinishedTotals = totals.empty();
        callIndexer.finish(recordingEndNanos, threadLastNanos);
        super.finish(recordingEndNanos, threadLastNanos);
        writingUnfinished = false;
        CallingContexts contexts = callIndexer.contexts();
        RowChunk contextRows = chunk(Table.CONTEXTS);
        for (int context = contextsWritten + 1; context <= contexts.count(); context++) {
            contextRows.put(CONTEXT_PARENT, contexts.parent(context));
            contextRows.put(CONTEXT_METHOD_ID, contexts.method(context));
            contextRows = rowWritten(contextRows);
        }
        handOnRows(contextRows);
    }
}
