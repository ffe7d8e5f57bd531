package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recording.Recording;

import profq.samples.ManyCalls;

/**
 * SQL over a recording made with {@code maxsize=1m} of ManyCalls (main calls f 5,000,000 times,
 * 10,000,002 events, about 15 MB): {@code run} says which window the recording covers and what
 * it dropped, and {@code calls} holds the window's calls, the run's last ones.
 */
class WindowIT {
    /** Call ids are {@code threadId * 10^12 + sequence}: main is call 1 of thread 1, the last f call 5,000,001. */
    private static final long LAST_CALL_ID = 1_000_000_000_000L + 5_000_001;

    @Test
    void theRunSaysWhichWindowItCoversAndCallsHoldItsLastCalls() throws Exception {
        Files.createDirectories(Path.of("target", "it-recordings"));
        Path recording = SampleRecording.record(Files.createTempDirectory(Path.of("target", "it-recordings"), "window"),
                ManyCalls.class, "maxsize=1m", 0);
        long keptCalls;
        try (Recording reader = Recording.open(recording)) {
            keptCalls = reader.readAllCalls().size();
        }

        try (Connection connection = Rows.connect(recording.toString())) {
            // ManyCalls' calls, and the CPU time readings: at most one a millisecond.
            assertEquals(List.of(List.of(true, true, true, true)), Rows.query(connection, """
                    SELECT events + events_lost BETWEEN 10000002 AND 10000002 + duration_ns / 1000000,
                           events_lost = events_dropped_by_window, events_lost > 9000000,
                           window_start_ns > 0 AND window_start_ns < duration_ns
                    FROM run"""));
            assertEquals(List.of(List.of(keptCalls, LAST_CALL_ID - keptCalls + 1, LAST_CALL_ID, 0, 0, true, true)),
                    Rows.query(connection, """
                            SELECT COUNT(*), MIN(call_id), MAX(call_id), MIN(depth), MAX(depth),
                                   MIN(start_ns) >= (SELECT window_start_ns FROM run), MAX(end_ns) <= (SELECT duration_ns FROM run)
                            FROM calls"""));
            assertEquals(List.of(List.of("profq.samples.ManyCalls.f(int)", keptCalls)), Rows.query(connection,
                    "SELECT m.signature, COUNT(*) FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id GROUP BY m.signature"));
        }
    }
}
