package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Call;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import profq.samples.Recursion;

/** Calls of {@link Recursion}: main, then sum(10) recursing to sum(0). */
class CallsIT {
    private static final String MAIN = "profq.samples.Recursion.main([Ljava/lang/String;)V";
    private static final String SUM = "profq.samples.Recursion.sum(I)I";

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void recursionIsRecordedWithExactCountsAndNesting(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Recursion.class);
        SampleRun.Result plain = SampleRun.plain(jdk, Recursion.class);

        assertEquals(0, result.exitCode());
        assertEquals("sum(10) = 55\n", result.stdout());
        assertEquals(plain.stdout(), result.stdout());
        assertEquals(plain.stderr(), result.stderr());
        try (Recording recording = result.open()) {
            assertEquals(Map.of(MAIN, 1L, SUM, 11L), RecordingFacts.callsByMethod(recording));
            List<RecordedEvent> events = recording.readAllEvents();
            assertEquals(12, RecordingFacts.entries(events));
            assertEquals(12, RecordingFacts.exits(events));
            assertEquals(24, RecordingFacts.programEventCount(recording));
            assertEquals(0, recording.eventsLost());
            assertTrue(recording.end().isPresent());
            assertEquals(Recursion.class.getName(), recording.run().mainClass());

            List<Call> calls = recording.readAllCalls();
            Call main = RecordingFacts.only(calls, recording, MAIN);
            assertEquals(0, main.depth());
            assertEquals(0, main.parentCallId());
            // Calls end innermost first: sum(0) at depth 11 down to sum(10) at depth 1, each the parent of the one before.
            List<Call> sums = calls.stream().filter(call -> call.methodId() != main.methodId()).toList();
            long child = 0;
            for (int i = 0; i < sums.size(); i++) {
                Call sum = sums.get(i);
                assertEquals(11 - i, sum.depth());
                assertTrue(sum.finished() && !sum.threw());
                if (child != 0) {
                    assertEquals(sum.callId(), calls.get(i - 1).parentCallId());
                }
                child = sum.callId();
                assertTrue(sum.startNanos() >= main.startNanos() && sum.endNanos() <= main.endNanos());
            }
            assertEquals(main.callId(), sums.get(sums.size() - 1).parentCallId());
        }
    }
}
