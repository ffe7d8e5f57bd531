package org.profq.engine.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * Turns entry and exit events into {@code calls} rows with one stack of open calls per
 * thread. Children end before their parent, so when a call ends the time of the calls it
 * made directly is already summed on its frame ({@code self_ns}); whether the same method is
 * already open further down the stack is known at entry ({@code outermost}), and so is the
 * calling context ({@code stack}, as a {@link CallingContexts} id). The same way a frame sums
 * the CPU time charged to it and to its callees, and counts the calls and allocations made
 * in it and inside it, and takes profq's overhead off the tree bottom-up ({@link Compensation}):
 * a call's compensated times need its callees', which have ended before it. Rows come in the order
 * calls end; calls still open when the log ends come last, thread by thread, innermost
 * first, ending at the recording's end (or at their thread's last event, when an abrupt end
 * left the recording's end earlier). Memory is bounded by threads times stack depth (and the
 * calling-context tree), not by the number of calls.
 */
final class CallIndexer {
    /** Where rows go: the index's row chunks, or a test's list. */
    interface Sink {
        void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                  long selfNanos, boolean threw, boolean finished, boolean outermost, int context, long cpuNanos,
                  long selfCpuNanos, long callsMade, long callsInside, long allocationsMade, long allocationsInside,
                  CompensatedTimes compensated);
    }

    /** A call's times with profq's overhead taken off ({@link Compensation}); reused from row to row. */
    static final class CompensatedTimes {
        long inclusiveNanos;
        long selfNanos;
        long cpuNanos;
        long selfCpuNanos;
    }

    private final Sink sink;
    private final CallingContexts contexts = new CallingContexts();
    private final Map<Integer, ThreadStack> stacks = new TreeMap<>();
    private ThreadStack last;
    private final CompensatedTimes compensated = new CompensatedTimes();
    private Compensation compensation = Compensation.NONE;

    CallIndexer(Sink sink) {
        this.sink = sink;
    }

    CallingContexts contexts() {
        return contexts;
    }

    /** The overhead taken off the calls from now on: before the first event, and the same for every event of a table. */
    void compensateWith(Compensation compensation) {
        this.compensation = compensation;
    }

    Compensation compensation() {
        return compensation;
    }

    /** Each thread's open calls, as {@link #restore} takes them up: taken before {@link #finish}, which ends them. */
    void save(DataOutput out) throws IOException {
        out.writeInt(stacks.size());
        for (ThreadStack stack : stacks.values()) {
            out.writeInt(stack.threadId);
            out.writeInt(stack.depth);
            for (int level = 0; level < stack.depth; level++) {
                long[] frame = stack.frames;
                int at = level * LONGS;
                int[] ints = stack.ints;
                int i = level * INTS;
                out.writeLong(frame[at + CALL_ID]);
                out.writeLong(frame[at + PARENT_CALL_ID]);
                out.writeInt(ints[i + DEPTH]);
                out.writeInt(ints[i + METHOD]);
                out.writeLong(frame[at + START]);
                out.writeBoolean(ints[i + OUTERMOST] != 0);
                out.writeInt(ints[i + CONTEXT]);
                for (int field = CHILD_NANOS; field <= LEAF_CPU_DEFICIT; field++) {
                    out.writeLong(frame[at + field]);
                }
            }
        }
    }

    /**
     * Takes up the open calls {@link #save} wrote, with the calling contexts known then (the
     * {@code contexts} rows, in order), so that the calls after give the rows one pass over all
     * the events gives.
     */
    void restore(DataInput in, int contextCount, IntUnaryOperator contextParent, IntUnaryOperator contextMethod)
            throws IOException {
        for (int context = 1; context <= contextCount; context++) {
            if (contexts.intern(contextParent.applyAsInt(context), contextMethod.applyAsInt(context)) != context) {
                throw new IOException("calling context " + context + " is there twice");
            }
        }
        for (int threads = in.readInt(); threads > 0; threads--) {
            ThreadStack stack = stack(in.readInt());
            for (int calls = in.readInt(); calls > 0; calls--) {
                long callId = in.readLong();
                long parentCallId = in.readLong();
                int depth = in.readInt();
                int methodId = in.readInt();
                long start = in.readLong();
                boolean outermost = in.readBoolean();
                int context = in.readInt();
                if (methodId < 0 || context < 1 || context > contextCount) {
                    throw new IOException("an open call of method " + methodId + " in calling context " + context);
                }
                stack.enter(callId, parentCallId, depth, methodId, start);
                int top = stack.depth - 1;
                stack.ints[top * INTS + OUTERMOST] = outermost ? 1 : 0;
                stack.ints[top * INTS + CONTEXT] = context;
                for (int field = CHILD_NANOS; field <= LEAF_CPU_DEFICIT; field++) {
                    stack.frames[top * LONGS + field] = in.readLong();
                }
            }
        }
        last = null;
    }

    void enter(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos) {
        stack(threadId).enter(callId, parentCallId, depth, methodId, startNanos);
    }

    void exit(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos, long endNanos,
              boolean threw) {
        stack(threadId).exit(callId, parentCallId, depth, methodId, startNanos, endNanos, threw);
    }

    /** CPU time charged to the thread's innermost open call. */
    void cpuUsed(int threadId, long cpuNanos) {
        ThreadStack stack = stack(threadId);
        if (stack.depth > 0) {
            stack.frames[(stack.depth - 1) * LONGS + SELF_CPU] += cpuNanos;
        }
    }

    /** An allocation in the thread's innermost open call. */
    void allocated(int threadId) {
        ThreadStack stack = stack(threadId);
        if (stack.depth > 0) {
            int at = (stack.depth - 1) * LONGS;
            stack.frames[at + ALLOCATIONS_MADE]++;
            stack.frames[at + ALLOCATIONS_INSIDE]++;
        }
    }

    private ThreadStack stack(int threadId) {
        return last != null && last.threadId == threadId ? last : (last = stacks.computeIfAbsent(threadId, ThreadStack::new));
    }

    /**
     * Emits the calls still open, ending at {@code recordingEndNanos}, or at their thread's last
     * event ({@code threadLastNanos}) if that is later.
     */
    void finish(long recordingEndNanos, IntToLongFunction threadLastNanos) {
        for (ThreadStack stack : stacks.values()) {
            long end = Math.max(recordingEndNanos, threadLastNanos.applyAsLong(stack.threadId));
            while (stack.depth > 0) {
                stack.emit(Math.max(stack.frames[(stack.depth - 1) * LONGS + START], end), false, false);
            }
        }
    }

    // A frame's longs, at LONGS a frame in ThreadStack.frames; save() writes CHILD_NANOS to LEAF_CPU_DEFICIT in this order.
    private static final int CALL_ID = 0;
    private static final int PARENT_CALL_ID = 1;
    private static final int START = 2;
    private static final int CHILD_NANOS = 3;
    private static final int SELF_CPU = 4;
    /** CPU time of the calls it made, callees included. */
    private static final int CHILD_CPU = 5;
    private static final int CALLS_MADE = 6;
    private static final int CALLS_INSIDE = 7;
    private static final int ALLOCATIONS_MADE = 8;
    private static final int ALLOCATIONS_INSIDE = 9;
    /** The overhead of the calls it made, their callees' included: the sum of their {@link Compensation#selfOverhead}. */
    private static final int CHILD_OVERHEAD = 10;
    /** The wall and CPU time of their overhead that the calls it made could not pay: taken off its own. */
    private static final int CHILD_DEFICIT = 11;
    private static final int CHILD_CPU_DEFICIT = 12;
    /**
     * The wall and CPU time of its own overhead (and of its callees' deficits) that its callees paid out of
     * their own time, because it had not had the time to pay for it itself when they ended ({@link ThreadStack#emit}).
     */
    private static final int PAID_BY_CALLEES = 13;
    private static final int CPU_PAID_BY_CALLEES = 14;
    /** The part of {@code CHILD_DEFICIT} (and of its CPU time's) that is its callees' own call costs ({@link ThreadStack#emit}). */
    private static final int LEAF_DEFICIT = 15;
    private static final int LEAF_CPU_DEFICIT = 16;
    /** Three cache lines a frame. */
    private static final int LONGS = 24;
    // A frame's ints, at INTS a frame in ThreadStack.ints.
    private static final int DEPTH = 0;
    private static final int METHOD = 1;
    private static final int CONTEXT = 2;
    private static final int OUTERMOST = 3;
    /** The method the frame last called and that call's context: a loop calls the same method again and again. */
    private static final int LAST_CALLEE_METHOD = 4;
    private static final int LAST_CALLEE_CONTEXT = 5;
    private static final int INTS = 8;

    /**
     * A thread's open calls, outermost first: each frame's figures side by side ({@link #LONGS}
     * longs and {@link #INTS} ints a frame), so that entering and ending a call touch two or three
     * cache lines, not one per figure; and how many activations of each method are open.
     */
    private final class ThreadStack {
        final int threadId;
        int depth;
        long[] frames = new long[32 * LONGS];
        int[] ints = new int[32 * INTS];
        int[] openByMethod = new int[64];

        ThreadStack(int threadId) {
            this.threadId = threadId;
        }

        void enter(long callId, long parentCallId, int callDepth, int methodId, long start) {
            if ((depth + 1) * LONGS > frames.length) {
                frames = Arrays.copyOf(frames, frames.length * 2);
                ints = Arrays.copyOf(ints, ints.length * 2);
            }
            if (methodId >= openByMethod.length) {
                openByMethod = Arrays.copyOf(openByMethod, Math.max(methodId + 1, openByMethod.length * 2));
            }
            int context = context(methodId);
            long[] frame = frames;
            int at = depth * LONGS;
            frame[at + CALL_ID] = callId;
            frame[at + PARENT_CALL_ID] = parentCallId;
            frame[at + START] = start;
            frame[at + CHILD_NANOS] = 0;
            frame[at + SELF_CPU] = 0;
            frame[at + CHILD_CPU] = 0;
            frame[at + CALLS_MADE] = 0;
            frame[at + CALLS_INSIDE] = 0;
            frame[at + ALLOCATIONS_MADE] = 0;
            frame[at + ALLOCATIONS_INSIDE] = 0;
            frame[at + CHILD_OVERHEAD] = 0;
            frame[at + CHILD_DEFICIT] = 0;
            frame[at + CHILD_CPU_DEFICIT] = 0;
            frame[at + PAID_BY_CALLEES] = 0;
            frame[at + CPU_PAID_BY_CALLEES] = 0;
            frame[at + LEAF_DEFICIT] = 0;
            frame[at + LEAF_CPU_DEFICIT] = 0;
            int[] frameInts = ints;
            int i = depth * INTS;
            frameInts[i + DEPTH] = callDepth;
            frameInts[i + METHOD] = methodId;
            frameInts[i + CONTEXT] = context;
            frameInts[i + OUTERMOST] = openByMethod[methodId]++ == 0 ? 1 : 0;
            frameInts[i + LAST_CALLEE_CONTEXT] = 0;
            depth++;
        }

        /** The calling context of a call of {@code methodId} made by the innermost open call. */
        private int context(int methodId) {
            if (depth == 0) {
                return contexts.intern(0, methodId);
            }
            int caller = (depth - 1) * INTS;
            int[] frameInts = ints;
            if (frameInts[caller + LAST_CALLEE_CONTEXT] == 0 || frameInts[caller + LAST_CALLEE_METHOD] != methodId) {
                frameInts[caller + LAST_CALLEE_METHOD] = methodId;
                frameInts[caller + LAST_CALLEE_CONTEXT] = contexts.intern(frameInts[caller + CONTEXT], methodId);
            }
            return frameInts[caller + LAST_CALLEE_CONTEXT];
        }

        /** Ends the exiting call; one the reader reports without an entry gets a frame of its own. */
        void exit(long callId, long parentCallId, int callDepth, int methodId, long start, long end, boolean threw) {
            int level = depth - 1;
            while (level >= 0 && frames[level * LONGS + CALL_ID] != callId) {
                level--;
            }
            if (level < 0) {
                enter(callId, parentCallId, callDepth, methodId, start);
            } else {
                while (depth - 1 > level) {
                    pop();
                }
            }
            emit(end, threw, true);
        }

        /**
         * Writes the innermost open call's row, ending at {@code endNanos}, and pops it. What the call
         * cannot pay of its overhead out of its own time is its caller's to pay ({@code childDeficit}).
         * And what its caller has not had the time to pay so far, the caller's own overhead and what
         * its earlier callees could not pay of the cost of their own entry and exit between their own
         * clock readings (run.call_cost_inside_ns at most each), less the caller's own time up to now,
         * the call pays out of its own time where it has some left: the clock put that cost there.
         * (The rest of a callee's deficit, its allocations' and its callees' costs, is left to the
         * caller alone: it may sum many events' costs, and where the calibration was above what they
         * paid, later callees, a sleep say, would pay for the calibration's error.) A clock that ticks every 200 µs
         * (and CPU time read every ms) puts a tick's time in whichever call is running when it ticks,
         * so most of millions of short calls measure 0 and a few a whole tick; paid only upwards, each
         * call's cost fell on a caller whose own time could not pay it, while the few callees that
         * caught a tick kept it whole, and the caller's compensated time came to several times the
         * unprofiled run's.
         */
        void emit(long endNanos, boolean threw, boolean finished) {
            int top = depth - 1;
            long[] frame = frames;
            int at = top * LONGS;
            int i = top * INTS;
            long startNanos = frame[at + START];
            long selfCpu = frame[at + SELF_CPU];
            long callsMade = frame[at + CALLS_MADE];
            long callsInside = frame[at + CALLS_INSIDE];
            long allocationsMade = frame[at + ALLOCATIONS_MADE];
            long allocationsInside = frame[at + ALLOCATIONS_INSIDE];
            long duration = endNanos - startNanos;
            long self = duration - frame[at + CHILD_NANOS];
            long cpu = selfCpu + frame[at + CHILD_CPU];
            // the overhead of the call's own events, rounded as calls.self_overhead_ns, and of all those inside it
            long ownOverhead = compensation.selfOverhead(callsMade, allocationsMade);
            long overhead = ownOverhead + frame[at + CHILD_OVERHEAD];
            long own = self - ownOverhead - frame[at + CHILD_DEFICIT] + frame[at + PAID_BY_CALLEES];
            long deficit = Math.max(0, -own);
            long ownCpu = selfCpu - ownOverhead - frame[at + CHILD_CPU_DEFICIT] + frame[at + CPU_PAID_BY_CALLEES];
            long cpuDeficit = Math.max(0, -ownCpu);
            long callInside = compensation.selfOverhead(0, 0);
            long paidForCaller = 0;
            long cpuPaidForCaller = 0;
            if (top > 0) {
                int caller = at - LONGS;
                long callerOverhead = compensation.selfOverhead(frame[caller + CALLS_MADE] + 1, frame[caller + ALLOCATIONS_MADE]);
                long callerOwnSoFar = endNanos - frame[caller + START] - frame[caller + CHILD_NANOS] - duration;
                paidForCaller = Math.max(0, Math.min(Math.max(0, own), callerOverhead + frame[caller + LEAF_DEFICIT]
                        + Math.min(deficit, callInside) - frame[caller + PAID_BY_CALLEES] - callerOwnSoFar));
                cpuPaidForCaller = Math.max(0, Math.min(Math.max(0, ownCpu), callerOverhead + frame[caller + LEAF_CPU_DEFICIT]
                        + Math.min(cpuDeficit, callInside) - frame[caller + CPU_PAID_BY_CALLEES] - frame[caller + SELF_CPU]));
            }
            CompensatedTimes times = compensated;
            times.selfNanos = Math.max(0, own) - paidForCaller;
            times.inclusiveNanos = duration - overhead + deficit - paidForCaller;
            times.selfCpuNanos = Math.max(0, ownCpu) - cpuPaidForCaller;
            times.cpuNanos = cpu - overhead + cpuDeficit - cpuPaidForCaller;
            if (top > 0) {
                int caller = at - LONGS;
                frame[caller + CHILD_NANOS] += duration;
                frame[caller + CHILD_CPU] += cpu;
                frame[caller + CALLS_MADE]++;
                frame[caller + CALLS_INSIDE] += 1 + callsInside;
                frame[caller + ALLOCATIONS_INSIDE] += allocationsInside;
                frame[caller + CHILD_OVERHEAD] += overhead;
                frame[caller + CHILD_DEFICIT] += deficit;
                frame[caller + CHILD_CPU_DEFICIT] += cpuDeficit;
                frame[caller + PAID_BY_CALLEES] += paidForCaller;
                frame[caller + LEAF_DEFICIT] += Math.min(deficit, callInside);
                frame[caller + LEAF_CPU_DEFICIT] += Math.min(cpuDeficit, callInside);
                frame[caller + CPU_PAID_BY_CALLEES] += cpuPaidForCaller;
            }
            int[] frameInts = ints;
            sink.call(frame[at + CALL_ID], threadId, frameInts[i + METHOD], frame[at + PARENT_CALL_ID], frameInts[i + DEPTH],
                    startNanos, endNanos, self, threw, finished, frameInts[i + OUTERMOST] != 0, frameInts[i + CONTEXT], cpu,
                    selfCpu, callsMade, callsInside, allocationsMade, allocationsInside, times);
            pop();
        }

        /** Drops the innermost frame without a row (a call whose exit was lost; the reader never does this today). */
        void pop() {
            depth--;
            openByMethod[ints[depth * INTS + METHOD]]--;
        }
    }
}
