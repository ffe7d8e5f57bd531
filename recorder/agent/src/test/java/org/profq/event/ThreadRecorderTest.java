package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.format.RecordingFormat.BATCH_MAX_AGE_NANOS;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.log.EventLog;

/** A thread's buffer against a real Chronicle log: what the log takes is written, what it refuses is counted lost. */
class ThreadRecorderTest {
    @Test
    void eventsTheLogTakesAreCountedWritten(@TempDir Path temp) throws IOException {
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder thread = new ThreadRecorder(1, Thread.currentThread(), log, BATCH_MAX_AGE_NANOS, null);
            thread.enter(7);
            thread.allocation(3, false);
            thread.exit(false);
            thread.flush();

            assertEquals(3, thread.eventsWritten());
            assertEquals(0, thread.eventsLost());
        }
    }

    @Test
    void eventsTheLogRefusesAreCountedLostNotDropped(@TempDir Path temp) throws IOException {
        EventLog log = EventLog.create(temp);
        ThreadRecorder thread = new ThreadRecorder(1, Thread.currentThread(), log, BATCH_MAX_AGE_NANOS, null);
        thread.enter(7);
        thread.exit(true);
        log.close();

        thread.flush();

        assertEquals(0, thread.eventsWritten());
        assertEquals(2, thread.eventsLost());
    }

    @Test
    void aFullBufferIsWrittenAsBatchesWithoutLosingEvents(@TempDir Path temp) throws IOException {
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder thread = new ThreadRecorder(1, Thread.currentThread(), log, BATCH_MAX_AGE_NANOS, null);
            for (int i = 0; i < 100_000; i++) {
                thread.enter(300); // two-byte varint: 100,000 calls fill several 16 KB buffers
                thread.exit(false);
            }
            thread.flush();

            assertEquals(200_000, thread.eventsWritten());
            assertEquals(0, thread.eventsLost());
        }
    }

    /** The in-place calibration reads the time between its calls' entries and exits from the batches it drops. */
    @Test
    void aDroppingRecorderSumsTheTimeBetweenEntriesAndTheirExits() throws InterruptedException {
        Clock.start(true, 1_000_000, () -> { });
        ThreadRecorder dropping = ThreadRecorder.dropping(Thread.currentThread());
        long start = Clock.now();
        dropping.enter(7);
        Thread.sleep(20); // inside the call
        dropping.exit(false);
        Thread.sleep(20); // between calls: not inside any
        dropping.enter(7);
        dropping.exit(false);
        long end = Clock.now();
        dropping.flush();

        long inside = dropping.droppedExitNanos();
        assertTrue(inside >= 20_000_000 && inside <= end - start - 20_000_000, inside + " ns inside of " + (end - start));
    }

    /**
     * A calibration round's calls fit one batch, flushed before and after the round: none of its
     * batches is dropped, and so read, inside the round's timing. With the exact clock, every event
     * has a time delta; a method id of two bytes.
     */
    @Test
    void aCalibrationRoundFitsOneBatch() {
        Clock.start(true, 1_000_000, () -> { });
        ThreadRecorder dropping = ThreadRecorder.dropping(Thread.currentThread());
        dropping.enter(7);
        dropping.exit(false);
        dropping.flush();
        long before = dropping.droppedExitNanos();
        for (int i = 0; i < InPlaceCallCost.CALLS_PER_ROUND; i++) {
            dropping.enter(16_000);
            dropping.exit(false);
        }
        assertEquals(before, dropping.droppedExitNanos());
        dropping.flush();
        assertTrue(dropping.droppedExitNanos() > before);
    }
}
