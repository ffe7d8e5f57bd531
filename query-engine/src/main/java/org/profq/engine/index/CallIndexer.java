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
                out.writeLong(stack.callIds[level]);
                out.writeLong(stack.parentCallIds[level]);
                out.writeInt(stack.depths[level]);
                out.writeInt(stack.methodIds[level]);
                out.writeLong(stack.startNanos[level]);
                out.writeBoolean(stack.outermost[level]);
                out.writeInt(stack.contextIds[level]);
                out.writeLong(stack.childNanos[level]);
                out.writeLong(stack.selfCpu[level]);
                out.writeLong(stack.childCpu[level]);
                out.writeLong(stack.callsMade[level]);
                out.writeLong(stack.callsInside[level]);
                out.writeLong(stack.allocationsMade[level]);
                out.writeLong(stack.allocationsInside[level]);
                out.writeLong(stack.childOverhead[level]);
                out.writeLong(stack.childDeficit[level]);
                out.writeLong(stack.childCpuDeficit[level]);
                out.writeLong(stack.paidByCallees[level]);
                out.writeLong(stack.cpuPaidByCallees[level]);
                out.writeLong(stack.leafDeficit[level]);
                out.writeLong(stack.leafCpuDeficit[level]);
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
                long childNanos = in.readLong();
                if (methodId < 0 || context < 1 || context > contextCount) {
                    throw new IOException("an open call of method " + methodId + " in calling context " + context);
                }
                stack.enter(callId, parentCallId, depth, methodId, start);
                int top = stack.depth - 1;
                stack.outermost[top] = outermost;
                stack.contextIds[top] = context;
                stack.childNanos[top] = childNanos;
                stack.selfCpu[top] = in.readLong();
                stack.childCpu[top] = in.readLong();
                stack.callsMade[top] = in.readLong();
                stack.callsInside[top] = in.readLong();
                stack.allocationsMade[top] = in.readLong();
                stack.allocationsInside[top] = in.readLong();
                stack.childOverhead[top] = in.readLong();
                stack.childDeficit[top] = in.readLong();
                stack.childCpuDeficit[top] = in.readLong();
                stack.paidByCallees[top] = in.readLong();
                stack.cpuPaidByCallees[top] = in.readLong();
                stack.leafDeficit[top] = in.readLong();
                stack.leafCpuDeficit[top] = in.readLong();
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
            stack.selfCpu[stack.depth - 1] += cpuNanos;
        }
    }

    /** An allocation in the thread's innermost open call. */
    void allocated(int threadId) {
        ThreadStack stack = stack(threadId);
        if (stack.depth > 0) {
            stack.allocationsMade[stack.depth - 1]++;
            stack.allocationsInside[stack.depth - 1]++;
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
                stack.emit(Math.max(stack.startNanos[stack.depth - 1], end), false, false);
            }
        }
    }

    /** A thread's open calls, outermost at index 0, as parallel arrays; and how many activations of each method are open. */
    private final class ThreadStack {
        final int threadId;
        int depth;
        long[] callIds = new long[32];
        long[] parentCallIds = new long[32];
        int[] depths = new int[32];
        int[] methodIds = new int[32];
        long[] startNanos = new long[32];
        boolean[] outermost = new boolean[32];
        int[] contextIds = new int[32];
        long[] childNanos = new long[32];
        long[] selfCpu = new long[32];
        /** CPU time of the calls it made, callees included. */
        long[] childCpu = new long[32];
        long[] callsMade = new long[32];
        long[] callsInside = new long[32];
        long[] allocationsMade = new long[32];
        long[] allocationsInside = new long[32];
        /** The overhead of the calls it made, their callees' included: the sum of their {@link Compensation#selfOverhead}. */
        long[] childOverhead = new long[32];
        /** The wall and CPU time of their overhead that the calls it made could not pay: taken off its own. */
        long[] childDeficit = new long[32];
        long[] childCpuDeficit = new long[32];
        /**
         * The wall and CPU time of its own overhead (and of its callees' deficits) that its callees paid out of
         * their own time, because it had not had the time to pay for it itself when they ended ({@link #emit}).
         */
        long[] paidByCallees = new long[32];
        long[] cpuPaidByCallees = new long[32];
        /** The part of {@code childDeficit} (and of its CPU time's) that is its callees' own call costs ({@link #emit}). */
        long[] leafDeficit = new long[32];
        long[] leafCpuDeficit = new long[32];
        /** The method each frame last called and that call's context: a loop calls the same method again and again. */
        int[] lastCalleeMethods = new int[32];
        int[] lastCalleeContexts = new int[32];
        int[] openByMethod = new int[64];

        ThreadStack(int threadId) {
            this.threadId = threadId;
        }

        void enter(long callId, long parentCallId, int callDepth, int methodId, long start) {
            if (depth == callIds.length) {
                int size = depth * 2;
                callIds = Arrays.copyOf(callIds, size);
                parentCallIds = Arrays.copyOf(parentCallIds, size);
                depths = Arrays.copyOf(depths, size);
                methodIds = Arrays.copyOf(methodIds, size);
                startNanos = Arrays.copyOf(startNanos, size);
                outermost = Arrays.copyOf(outermost, size);
                contextIds = Arrays.copyOf(contextIds, size);
                childNanos = Arrays.copyOf(childNanos, size);
                selfCpu = Arrays.copyOf(selfCpu, size);
                childCpu = Arrays.copyOf(childCpu, size);
                callsMade = Arrays.copyOf(callsMade, size);
                callsInside = Arrays.copyOf(callsInside, size);
                allocationsMade = Arrays.copyOf(allocationsMade, size);
                allocationsInside = Arrays.copyOf(allocationsInside, size);
                childOverhead = Arrays.copyOf(childOverhead, size);
                childDeficit = Arrays.copyOf(childDeficit, size);
                childCpuDeficit = Arrays.copyOf(childCpuDeficit, size);
                paidByCallees = Arrays.copyOf(paidByCallees, size);
                cpuPaidByCallees = Arrays.copyOf(cpuPaidByCallees, size);
                leafDeficit = Arrays.copyOf(leafDeficit, size);
                leafCpuDeficit = Arrays.copyOf(leafCpuDeficit, size);
                lastCalleeMethods = Arrays.copyOf(lastCalleeMethods, size);
                lastCalleeContexts = Arrays.copyOf(lastCalleeContexts, size);
            }
            if (methodId >= openByMethod.length) {
                openByMethod = Arrays.copyOf(openByMethod, Math.max(methodId + 1, openByMethod.length * 2));
            }
            callIds[depth] = callId;
            parentCallIds[depth] = parentCallId;
            depths[depth] = callDepth;
            methodIds[depth] = methodId;
            startNanos[depth] = start;
            outermost[depth] = openByMethod[methodId]++ == 0;
            contextIds[depth] = context(methodId);
            childNanos[depth] = 0;
            selfCpu[depth] = 0;
            childCpu[depth] = 0;
            callsMade[depth] = 0;
            callsInside[depth] = 0;
            allocationsMade[depth] = 0;
            allocationsInside[depth] = 0;
            childOverhead[depth] = 0;
            childDeficit[depth] = 0;
            childCpuDeficit[depth] = 0;
            paidByCallees[depth] = 0;
            cpuPaidByCallees[depth] = 0;
            leafDeficit[depth] = 0;
            leafCpuDeficit[depth] = 0;
            lastCalleeContexts[depth] = 0;
            depth++;
        }

        /** The calling context of a call of {@code methodId} made by the innermost open call. */
        private int context(int methodId) {
            if (depth == 0) {
                return contexts.intern(0, methodId);
            }
            int caller = depth - 1;
            if (lastCalleeContexts[caller] == 0 || lastCalleeMethods[caller] != methodId) {
                lastCalleeMethods[caller] = methodId;
                lastCalleeContexts[caller] = contexts.intern(contextIds[caller], methodId);
            }
            return lastCalleeContexts[caller];
        }

        /** Ends the exiting call; one the reader reports without an entry gets a frame of its own. */
        void exit(long callId, long parentCallId, int callDepth, int methodId, long start, long end, boolean threw) {
            int level = depth - 1;
            while (level >= 0 && callIds[level] != callId) {
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
            long duration = endNanos - startNanos[top];
            long self = duration - childNanos[top];
            long cpu = selfCpu[top] + childCpu[top];
            // the overhead of the call's own events, rounded as calls.self_overhead_ns, and of all those inside it
            long ownOverhead = compensation.selfOverhead(callsMade[top], allocationsMade[top]);
            long overhead = ownOverhead + childOverhead[top];
            long own = self - ownOverhead - childDeficit[top] + paidByCallees[top];
            long deficit = Math.max(0, -own);
            long ownCpu = selfCpu[top] - ownOverhead - childCpuDeficit[top] + cpuPaidByCallees[top];
            long cpuDeficit = Math.max(0, -ownCpu);
            long callInside = compensation.selfOverhead(0, 0);
            long paidForCaller = 0;
            long cpuPaidForCaller = 0;
            if (top > 0) {
                int caller = top - 1;
                long callerOverhead = compensation.selfOverhead(callsMade[caller] + 1, allocationsMade[caller]);
                long callerOwnSoFar = endNanos - startNanos[caller] - childNanos[caller] - duration;
                paidForCaller = Math.max(0, Math.min(Math.max(0, own), callerOverhead + leafDeficit[caller]
                        + Math.min(deficit, callInside) - paidByCallees[caller] - callerOwnSoFar));
                cpuPaidForCaller = Math.max(0, Math.min(Math.max(0, ownCpu), callerOverhead + leafCpuDeficit[caller]
                        + Math.min(cpuDeficit, callInside) - cpuPaidByCallees[caller] - selfCpu[caller]));
            }
            CompensatedTimes times = compensated;
            times.selfNanos = Math.max(0, own) - paidForCaller;
            times.inclusiveNanos = duration - overhead + deficit - paidForCaller;
            times.selfCpuNanos = Math.max(0, ownCpu) - cpuPaidForCaller;
            times.cpuNanos = cpu - overhead + cpuDeficit - cpuPaidForCaller;
            if (top > 0) {
                int caller = top - 1;
                childNanos[caller] += duration;
                childCpu[caller] += cpu;
                callsMade[caller]++;
                callsInside[caller] += 1 + callsInside[top];
                allocationsInside[caller] += allocationsInside[top];
                childOverhead[caller] += overhead;
                childDeficit[caller] += deficit;
                childCpuDeficit[caller] += cpuDeficit;
                paidByCallees[caller] += paidForCaller;
                leafDeficit[caller] += Math.min(deficit, callInside);
                leafCpuDeficit[caller] += Math.min(cpuDeficit, callInside);
                cpuPaidByCallees[caller] += cpuPaidForCaller;
            }
            sink.call(callIds[top], threadId, methodIds[top], parentCallIds[top], depths[top], startNanos[top], endNanos,
                    self, threw, finished, outermost[top], contextIds[top], cpu, selfCpu[top],
                    callsMade[top], callsInside[top], allocationsMade[top], allocationsInside[top], times);
            pop();
        }

        /** Drops the innermost frame without a row (a call whose exit was lost; the reader never does this today). */
        void pop() {
            depth--;
            openByMethod[methodIds[depth]]--;
        }
    }
}
