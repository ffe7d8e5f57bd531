package org.profq.recording;

import static org.profq.event.RecordingFormat.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.profq.event.ByteCursor;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.RecordedEvent.CallEntry;
import org.profq.recording.RecordedEvent.CallExit;

/**
 * Decodes batch documents into typed events, rebuilding each thread's call nesting across its
 * batches: a stack of open calls per thread gives every event its call id, parent and depth.
 */
final class EventDecoder {
    private final Map<Integer, ThreadState> threads = new HashMap<>();
    private final Dictionaries dictionaries;
    private final ByteCursor cursor = new ByteCursor();

    EventDecoder(Dictionaries dictionaries) {
        this.dictionaries = dictionaries;
    }

    /** Decodes one batch document (its kind byte at {@code bytes[0]}) and passes each event on. */
    void decodeBatch(byte[] bytes, int length, Consumer<RecordedEvent> sink) {
        cursor.reset(bytes, 1, length);
        int threadId = cursor.readInt();
        cursor.readVarint(); // batch sequence
        long time = cursor.readVarint();
        long firstCall = cursor.readVarint();
        long firstObject = cursor.readVarint();
        long count = cursor.readVarint();
        cursor.readVarint(); // last event's time
        ThreadState thread = threads.computeIfAbsent(threadId, ThreadState::new);
        thread.callSequence = firstCall;
        thread.objectSequence = firstObject;
        for (long i = 0; i < count; i++) {
            int tag = cursor.readByte();
            if ((tag & TIME_CHANGED) != 0) {
                time += cursor.readVarint();
            }
            switch (tag & KIND_MASK) {
                case EV_ENTER -> sink.accept(thread.enter(cursor.readInt(), time));
                case EV_EXIT -> thread.exit(time, false, sink);
                case EV_EXIT_THREW -> thread.exit(time, true, sink);
                case EV_ALLOC -> {
                    int site = cursor.readInt();
                    sink.accept(thread.allocate(site, time, dictionaries.site(site).instanceSize(), -1));
                }
                case EV_ALLOC_ARRAY -> {
                    int site = cursor.readInt();
                    int arrayLength = cursor.readInt();
                    sink.accept(thread.allocate(site, time, cursor.readVarint(), arrayLength));
                }
                default -> throw new ByteCursor.MalformedRecordException(
                        "unknown event kind " + (tag & KIND_MASK) + " in a batch of thread " + threadId);
            }
        }
    }

    /** Calls still open after the events decoded so far, innermost first within each thread, unfinished at {@code endNanos}. */
    List<Call> openCalls(long endNanos) {
        List<Call> open = new ArrayList<>();
        for (ThreadState thread : threads.values()) {
            for (int level = thread.depth - 1; level >= 0; level--) {
                open.add(new Call(thread.callIds[level], thread.threadId, thread.methodIds[level],
                        level == 0 ? 0 : thread.callIds[level - 1], level, thread.startNanos[level],
                        Math.max(thread.startNanos[level], endNanos), false, false));
            }
        }
        return open;
    }

    /** One thread's open calls and id sequences. */
    private final class ThreadState {
        final int threadId;
        long callSequence;
        long objectSequence;
        int depth;
        long[] callIds = new long[64];
        int[] methodIds = new int[64];
        long[] startNanos = new long[64];

        ThreadState(int threadId) {
            this.threadId = threadId;
        }

        CallEntry enter(int methodId, long time) {
            if (depth == callIds.length) {
                callIds = Arrays.copyOf(callIds, depth * 2);
                methodIds = Arrays.copyOf(methodIds, depth * 2);
                startNanos = Arrays.copyOf(startNanos, depth * 2);
            }
            long callId = threadId * ID_STRIDE + ++callSequence;
            CallEntry entry = new CallEntry(threadId, callId, parent(), depth, methodId, time);
            callIds[depth] = callId;
            methodIds[depth] = methodId;
            startNanos[depth] = time;
            depth++;
            return entry;
        }

        void exit(long time, boolean threw, Consumer<RecordedEvent> sink) {
            if (depth == 0) {
                return; // its entry was in a batch that was lost; the loss record counts it
            }
            depth--;
            sink.accept(new CallExit(threadId, callIds[depth], parent(), depth, methodIds[depth], startNanos[depth], time, threw));
        }

        Allocation allocate(int siteId, long time, long size, int arrayLength) {
            long objectId = threadId * ID_STRIDE + ++objectSequence;
            long callId = depth == 0 ? 0 : callIds[depth - 1];
            return new Allocation(threadId, objectId, callId, siteId, dictionaries.site(siteId).classId(), time, size, arrayLength);
        }

        private long parent() {
            return depth == 0 ? 0 : callIds[depth - 1];
        }
    }
}
