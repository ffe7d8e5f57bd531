package org.profq.engine.index;

import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.CallEntry;
import org.profq.recording.RecordedEvent.CallExit;

/**
 * Turns entry and exit events into {@code calls} rows with one stack of open calls per
 * thread. Children end before their parent, so when a call ends the time of the calls it
 * made directly is already summed on its frame ({@code self_ns}); whether the same method is
 * already open further down the stack is known at entry ({@code outermost}), and so is the
 * calling context ({@code stack}, as a {@link CallingContexts} id). Rows come in the order
 * calls end; calls still open when the log ends come last, thread by thread, innermost
 * first, ending at the recording's end (or at their thread's last event, when an abrupt end
 * left the recording's end earlier). Memory is bounded by threads times stack depth (and the
 * calling-context tree), not by the number of calls.
 */
final class CallIndexer {
    /** Where rows go: the index's column writers, or a test's list. */
    interface Sink {
        void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                  long selfNanos, boolean threw, boolean finished, boolean outermost, int context) throws IOException;
    }

    private final Sink sink;
    private final CallingContexts contexts = new CallingContexts();
    private final Map<Integer, ThreadStack> stacks = new TreeMap<>();
    private ThreadStack last;

    CallIndexer(Sink sink) {
        this.sink = sink;
    }

    CallingContexts contexts() {
        return contexts;
    }

    void accept(RecordedEvent event) throws IOException {
        ThreadStack stack = last != null && last.threadId == event.threadId() ? last
                : (last = stacks.computeIfAbsent(event.threadId(), ThreadStack::new));
        stack.lastNanos = Math.max(stack.lastNanos, event.timeNanos());
        if (event instanceof CallEntry entry) {
            stack.enter(entry.callId(), entry.parentCallId(), entry.depth(), entry.methodId(), entry.timeNanos());
        } else if (event instanceof CallExit exit) {
            stack.exit(exit);
        }
    }

    /** Emits the calls still open, ending at {@code recordingEndNanos} or their thread's last event if later. */
    void finish(long recordingEndNanos) throws IOException {
        for (ThreadStack stack : stacks.values()) {
            while (stack.depth > 0) {
                int top = stack.depth - 1;
                long endNanos = Math.max(stack.startNanos[top], Math.max(recordingEndNanos, stack.lastNanos));
                stack.emit(endNanos, false, false);
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
        int[] openByMethod = new int[64];
        /** The thread's latest event: an open call never ends before it, even if the recording's end says so. */
        long lastNanos;

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
            contextIds[depth] = contexts.intern(depth == 0 ? 0 : contextIds[depth - 1], methodId);
            childNanos[depth] = 0;
            depth++;
        }

        /** Ends the exiting call; one the reader reports without an entry gets a frame of its own. */
        void exit(CallExit exit) throws IOException {
            int level = depth - 1;
            while (level >= 0 && callIds[level] != exit.callId()) {
                level--;
            }
            if (level < 0) {
                enter(exit.callId(), exit.parentCallId(), exit.depth(), exit.methodId(), exit.startNanos());
            } else {
                while (depth - 1 > level) {
                    pop();
                }
            }
            emit(exit.timeNanos(), exit.threw(), true);
        }

        /** Writes the innermost open call's row, ending at {@code endNanos}, and pops it. */
        void emit(long endNanos, boolean threw, boolean finished) throws IOException {
            int top = depth - 1;
            long duration = endNanos - startNanos[top];
            if (top > 0) {
                childNanos[top - 1] += duration;
            }
            sink.call(callIds[top], threadId, methodIds[top], parentCallIds[top], depths[top], startNanos[top], endNanos,
                    duration - childNanos[top], threw, finished, outermost[top], contextIds[top]);
            pop();
        }

        /** Drops the innermost frame without a row (a call whose exit was lost; the reader never does this today). */
        void pop() {
            depth--;
            openByMethod[methodIds[depth]]--;
        }
    }
}
