package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.Rows;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;

import profq.samples.Sleeper;

/**
 * A program killed with SIGKILL: no end record, and each thread's last events are missing,
 * counted nowhere. The {@code run} table says the loss is unknown rather than 0.
 */
class KilledRecordingIT {

    @Test
    void theRunTableSaysTheLossIsUnknown(@TempDir Path scratch) throws Exception {
        Path recording = scratch.resolve("Sleeper.profq");
        Process sleeper = SampleRun.startUntilReady(Jdk.current(), recording, Sleeper.class);
        Thread.sleep(1_500); // past the one-second batch age: main has flushed some ticks
        sleeper.destroyForcibly(); // SIGKILL
        assertTrue(sleeper.waitFor(30, TimeUnit.SECONDS));

        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(List.of(Arrays.asList(null, 0L, false)),
                    Rows.query(connection, "SELECT events_lost, events_lost_at_least, ended_cleanly FROM run"));
            assertEquals(List.of(List.of(true)), Rows.query(connection, "SELECT events > 200 FROM run"));
        }
    }
}
