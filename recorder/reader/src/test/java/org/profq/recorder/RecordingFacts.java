package org.profq.recorder;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.profq.format.RecordingFormat;
import org.profq.recording.Call;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.Recording;

/** Small summaries of a recording that tests compare with exact expected values. */
final class RecordingFacts {
    /**
     * The program's calls per method, by readable method name (e.g. {@code profq.samples.Recursion.sum(I)I});
     * profq's own frames ({@link #programCalls}) apart.
     */
    static Map<String, Long> callsByMethod(Recording recording) {
        return count(programCalls(recording), call -> recording.methodName(call.methodId()));
    }

    /** The program's calls: not profq's own frames, such as the weaving of a class a call loaded ({@code <profq>.weaving}). */
    static List<Call> programCalls(Recording recording) {
        return recording.readAllCalls().stream().filter(call -> !isProfqFrame(recording, call.methodId())).toList();
    }

    static boolean isProfqFrame(Recording recording, int methodId) {
        return methodId != RecordingFormat.UNKNOWN_METHOD && recording.classInfo(recording.method(methodId).classId()).name().equals(RecordingFormat.PROFQ_CLASS);
    }

    /**
     * The events the program caused: all the log holds but the CPU time readings ({@link RecordedEvent.CpuTime}),
     * which come as often as the clock thread read the threads' CPU times, and profq's own frames.
     */
    static long programEventCount(Recording recording) {
        long[] count = {0};
        recording.forEachEvent(event -> count[0] += isProgramEvent(recording, event) ? 1 : 0);
        return count[0];
    }

    /** The CPU time readings the log holds ({@link RecordedEvent.CpuTime}). */
    static long cpuReadings(Recording recording) {
        long[] count = {0};
        recording.forEachEvent(event -> count[0] += event instanceof RecordedEvent.CpuTime ? 1 : 0);
        return count[0];
    }

    /**
     * At most how many CPU time readings the recording can have written or lost: one per thread
     * and reading period ({@code Calibration.cpuPeriodNanos}), none where the CPU time was not read.
     */
    static long mostCpuReadings(Recording recording) {
        long period = recording.calibration().map(calibration -> calibration.cpuPeriodNanos()).orElse(0L);
        return period == 0 ? 0 : recording.threads().size() * (recording.durationNanos() / period + 1);
    }

    static boolean isProgramEvent(Recording recording, RecordedEvent event) {
        if (event instanceof RecordedEvent.CpuTime) {
            return false;
        }
        if (event instanceof RecordedEvent.CallEntry entry) {
            return !isProfqFrame(recording, entry.methodId());
        }
        if (event instanceof RecordedEvent.CallExit exit) {
            return !isProfqFrame(recording, exit.methodId());
        }
        return true;
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
