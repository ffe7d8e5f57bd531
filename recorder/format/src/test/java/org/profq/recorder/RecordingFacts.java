package org.profq.recorder;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.profq.recording.Call;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.Recording;

/** Small summaries of a recording that tests compare with exact expected values. */
final class RecordingFacts {
    /** Calls per method, by readable method name (e.g. {@code profq.samples.Recursion.sum(I)I}). */
    static Map<String, Long> callsByMethod(Recording recording) {
        return count(recording.readAllCalls(), call -> recording.methodName(call.methodId()));
    }

    static List<Allocation> allocations(Recording recording) {
        return recording.readAllEvents().stream()
                .filter(Allocation.class::isInstance).map(Allocation.class::cast).toList();
    }

    /** Allocations as "class size length" strings, counted: one line per distinct kind. */
    static Map<String, Long> allocationKinds(Recording recording) {
        return count(allocations(recording), allocation -> recording.classInfo(allocation.classId()).name()
                + " size=" + allocation.sizeBytes() + " length=" + allocation.arrayLength());
    }

    static long entries(List<RecordedEvent> events) {
        return events.stream().filter(RecordedEvent.CallEntry.class::isInstance).count();
    }

    static long exits(List<RecordedEvent> events) {
        return events.stream().filter(RecordedEvent.CallExit.class::isInstance).count();
    }

    static <T> Map<String, Long> count(List<T> items, Function<T, String> key) {
        return items.stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.counting()));
    }

    static Call only(List<Call> calls, Recording recording, String methodName) {
        List<Call> matching = calls.stream().filter(call -> recording.methodName(call.methodId()).equals(methodName)).toList();
        if (matching.size() != 1) {
            throw new AssertionError("expected one call of " + methodName + ", found " + matching.size());
        }
        return matching.get(0);
    }

    private RecordingFacts() {
    }
}
