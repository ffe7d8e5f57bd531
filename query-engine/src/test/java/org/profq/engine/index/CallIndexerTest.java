package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.CallEntry;
import org.profq.recording.RecordedEvent.CallExit;

/**
 * The calls rows indexed from an event stream: two threads interleaved, a recursion, a call
 * that threw, and two calls still open when the log ends, after the (abrupt) recording end.
 */
class CallIndexerTest {
    private static final List<RecordedEvent> EVENTS = List.of(
            new CallEntry(1, 101, 0, 0, 1, 0),
            new CallEntry(1, 102, 101, 1, 2, 10),
            new CallEntry(2, 201, 0, 0, 2, 5),
            new CallEntry(1, 103, 102, 2, 2, 20),
            new CallExit(2, 201, 0, 0, 2, 5, 8, false),
            new CallExit(1, 103, 102, 2, 2, 20, 30, true),
            new CallExit(1, 102, 101, 1, 2, 10, 50, false),
            new CallEntry(1, 104, 101, 1, 3, 60));

    @Test
    void rowsCarrySelfTimeRecursionAndStack() {
        assertEquals(List.of(
                        // call, thread, method, parent, depth, start, end, duration, self, threw, finished, outermost, stack
                        row(201L, 2L, 2L, null, 0, 5L, 8L, 3L, 3L, false, true, true, "m2"),
                        row(103L, 1L, 2L, 102L, 2, 20L, 30L, 10L, 10L, true, true, false, "m1;m2;m2"),
                        row(102L, 1L, 2L, 101L, 1, 10L, 50L, 40L, 30L, false, true, true, "m1;m2"),
                        // still open: they end at their thread's last event (60), later than the recording's end (40)
                        row(104L, 1L, 3L, 101L, 1, 60L, 60L, 0L, 0L, false, false, true, "m1;m3"),
                        row(101L, 1L, 1L, null, 0, 0L, 60L, 60L, 20L, false, false, true, "m1")),
                rows(40));
    }

    private static List<List<Object>> rows(long recordingEndNanos) {
        List<List<Object>> rows = new ArrayList<>();
        List<Integer> contextOfRow = new ArrayList<>();
        CallIndexer indexer = new CallIndexer((callId, threadId, methodId, parentCallId, depth, start, end, self, threw,
                                               finished, outermost, context, cpu, selfCpu, callsMade, callsInside,
                                               allocationsMade, allocationsInside, compensated) -> {
            rows.add(new ArrayList<>(Arrays.asList(callId, (long) threadId, (long) methodId,
                    parentCallId == 0 ? null : parentCallId, depth, start, end, end - start, self, threw, finished, outermost)));
            contextOfRow.add(context);
        });
        for (RecordedEvent event : EVENTS) {
            if (event instanceof CallEntry entry) {
                indexer.enter(entry.threadId(), entry.callId(), entry.parentCallId(), entry.depth(), entry.methodId(),
                        entry.timeNanos());
            } else if (event instanceof CallExit exit) {
                indexer.exit(exit.threadId(), exit.callId(), exit.parentCallId(), exit.depth(), exit.methodId(),
                        exit.startNanos(), exit.timeNanos(), exit.threw());
            }
        }
        // thread 1's last event is its entry at 60, thread 2's its exit at 8
        indexer.finish(recordingEndNanos, thread -> thread == 1 ? 60 : 8);
        CallingContexts contexts = indexer.contexts();
        for (int i = 0; i < rows.size(); i++) {
            String stack = null;
            for (int context = contextOfRow.get(i); context != 0; context = contexts.parent(context)) {
                stack = "m" + contexts.method(context) + (stack == null ? "" : ";" + stack);
            }
            rows.get(i).add(stack);
        }
        return rows;
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
