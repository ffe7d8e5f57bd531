package org.profq.engine.table;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.CallEntry;
import org.profq.recording.RecordedEvent.CallExit;

/**
 * Builds {@code calls} rows from entry and exit events with one stack of open calls per
 * thread. Children end before their parent, so when a call ends the time of the calls it
 * made directly is already summed on its frame ({@code self_ns}); whether the same method is
 * already open further down the stack is known at entry ({@code outermost}), and so is the
 * calling context ({@code stack}), built only when a query asks for it. Calls still open
 * when the log ends are emitted last, innermost first, ending at the recording's end (or at
 * their thread's last event, when an abrupt end left the recording's end earlier). Memory
 * is bounded by threads times stack depth, not by the number of calls.
 */
final class CallRows implements EventRows {
    private final long recordingEndNanos;
    /** Names a method in {@code stack}; null when the query does not read {@code stack}. */
    private final IntFunction<String> frameName;
    private final Map<Integer, ThreadStack> stacks = new TreeMap<>();

    CallRows(long recordingEndNanos, IntFunction<String> frameName) {
        this.recordingEndNanos = recordingEndNanos;
        this.frameName = frameName;
    }

    @Override
    public void accept(RecordedEvent event, Consumer<Object[]> rows) {
        ThreadStack stack = stacks.computeIfAbsent(event.threadId(), id -> new ThreadStack());
        stack.lastNanos = Math.max(stack.lastNanos, event.timeNanos());
        if (event instanceof CallEntry entry) {
            stack.enter(entry);
        } else if (event instanceof CallExit exit) {
            rows.accept(stack.exit(exit).row(exit.threadId(), exit.timeNanos(), exit.threw(), true));
        }
    }

    @Override
    public void finish(Consumer<Object[]> rows) {
        stacks.forEach((threadId, stack) -> {
            while (!stack.open.isEmpty()) {
                Frame frame = stack.pop();
                long endNanos = Math.max(frame.startNanos, Math.max(recordingEndNanos, stack.lastNanos));
                rows.accept(frame.row(threadId, endNanos, false, false));
            }
        });
    }

    /** One open call: what its row needs, and the summed duration of the calls it made. */
    private static final class Frame {
        final long callId;
        final long parentCallId;
        final int depth;
        final int methodId;
        final long startNanos;
        final boolean outermost;
        final Frame parent;
        final String stack;
        long childNanos;

        Frame(long callId, long parentCallId, int depth, int methodId, long startNanos, boolean outermost, Frame parent,
              IntFunction<String> frameName) {
            this.callId = callId;
            this.parentCallId = parentCallId;
            this.depth = depth;
            this.methodId = methodId;
            this.startNanos = startNanos;
            this.outermost = outermost;
            this.parent = parent;
            this.stack = frameName == null ? null
                    : parent == null ? frameName.apply(methodId) : parent.stack + ";" + frameName.apply(methodId);
        }

        Object[] row(int threadId, long endNanos, boolean threw, boolean finished) {
            long duration = endNanos - startNanos;
            if (parent != null) {
                parent.childNanos += duration;
            }
            return new Object[] {callId, (long) threadId, (long) methodId, RecordingTable.idOrNull(parentCallId), depth,
                    startNanos, endNanos, duration, duration - childNanos, threw, finished, outermost, stack};
        }
    }

    /** A thread's open calls, innermost first, and how many activations of each method are open. */
    private final class ThreadStack {
        final ArrayDeque<Frame> open = new ArrayDeque<>();
        final Map<Integer, Integer> openByMethod = new HashMap<>();
        /** The thread's latest event: an open call never ends before it, even if the recording's end says so. */
        long lastNanos;

        void enter(CallEntry entry) {
            boolean outermost = openByMethod.merge(entry.methodId(), 1, Integer::sum) == 1;
            open.push(new Frame(entry.callId(), entry.parentCallId(), entry.depth(), entry.methodId(), entry.timeNanos(),
                    outermost, open.peek(), frameName));
        }

        /** Pops the frame of the exiting call; one the reader reports without an entry gets a frame of its own. */
        Frame exit(CallExit exit) {
            for (Iterator<Frame> frames = open.iterator(); frames.hasNext(); ) {
                if (frames.next().callId == exit.callId()) {
                    while (open.peek().callId != exit.callId()) {
                        pop();
                    }
                    return pop();
                }
            }
            return new Frame(exit.callId(), exit.parentCallId(), exit.depth(), exit.methodId(), exit.startNanos(),
                    !openByMethod.containsKey(exit.methodId()), open.peek(), frameName);
        }

        Frame pop() {
            Frame frame = open.pop();
            openByMethod.computeIfPresent(frame.methodId, (method, count) -> count == 1 ? null : count - 1);
            return frame;
        }
    }
}
