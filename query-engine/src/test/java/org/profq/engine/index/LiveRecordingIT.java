package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
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
 * A recording still being written: the Sleeper sample runs under the agent, calling tick()
 * every millisecond, while a connection queries it; each new query sees the batches flushed
 * since the last one (a thread's batch is flushed at least every second).
 */
class LiveRecordingIT {
    private static final String TICKS = """
            SELECT COUNT(*) FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id WHERE m.name = 'tick'""";

    @TempDir
    Path scratch;

    @Test
    void aNewQuerySeesTheEventsFlushedSinceTheLastOne() throws Exception {
        Path recording = scratch.resolve("Sleeper.profq");
        Process sleeper = SampleRun.startUntilReady(Jdk.current(), recording, Sleeper.class);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.isDirectory(recording.resolve("events")) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            try (Connection connection = Rows.connect(recording.toString())) {
                long first = ticks(connection);
                while (first == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                    first = ticks(connection);
                }
                assertTrue(first > 0, "ticks flushed within 30 s");
                assertEquals(List.of(Arrays.asList(null, false)),
                        Rows.query(connection, "SELECT events_lost, ended_cleanly FROM run"), "no end record yet: loss unknown");
                Thread.sleep(1_300);
                long second = ticks(connection);
                assertTrue(second > first, "a later query sees more ticks: " + first + " then " + second);
                assertTrue(ticks(connection) >= second, "ticks only grow");
            }
        } finally {
            sleeper.destroyForcibly();
            sleeper.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static long ticks(Connection connection) throws SQLException {
        return (Long) Rows.query(connection, TICKS).get(0).get(0);
    }
}
