package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.UserEventType;
import profq.samples.Sleeper;
import profq.samples.events.FlushedEvents;

/**
 * A recording still being written: {@link Recording#refresh} reads on from where the opened
 * recording stopped, while the recording it came from keeps showing what it showed.
 */
class LiveRecordingIT {

    @Test
    void refreshSeesTheBatchesFlushedSinceAndTheOlderViewStaysAsItWas(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        Process process = SampleRun.startUntilReady(Jdk.available().get(0), out, Sleeper.class);
        try {
            Thread.sleep(1_200); // past the one-second batch age: main's first batch is flushed
            Recording opened = Recording.open(out);
            long events = opened.eventCount();
            long ticks = ticks(opened);
            assertTrue(events > 0 && ticks > 0, events + " events, " + ticks + " ticks");

            Thread.sleep(1_200);
            Recording newer = opened.refresh();
            try {
                assertTrue(newer != opened, "batches were flushed in 1.2 s");
                assertTrue(newer.eventCount() > events && ticks(newer) > ticks, newer.eventCount() + " events");
                assertTrue(newer.logBytes() > opened.logBytes());
                assertFalse(newer.end().isPresent(), "still running");
                assertEquals(newer.methods(), newer.refresh().methods());
                assertEquals(events, opened.eventCount(), "the opened recording shows what it showed");
                assertEquals(ticks, ticks(opened));
                assertThrows(IllegalStateException.class, opened::refresh, "refresh the newer one instead");
                opened.close(); // leaves the log open for the newer one
                assertTrue(ticks(newer) > ticks);
            } finally {
                newer.close();
            }
        } finally {
            process.destroyForcibly();
            process.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /**
     * {@code Profq.flush()} writes the calling thread's events before it returns: with a flush
     * interval of a minute (the longest), a reader finds them while the program runs on.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void profqFlushWritesTheThreadsEventsBeforeItReturns(Jdk jdk, @TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        Process process = SampleRun.startUntilReady(jdk, out, "flush=60000", FlushedEvents.class);
        try (Recording recording = Recording.open(out)) {
            UserEventType flushed = recording.userEventTypes().stream().filter(type -> type.name().equals("flushed")).findFirst()
                    .orElseThrow(() -> new AssertionError("no event type 'flushed' in " + recording.userEventTypes()));
            List<String> seen = new ArrayList<>();
            recording.forEachEvent(event -> {
                if (event instanceof RecordedEvent.UserEvent user && user.eventTypeId() == flushed.id()) {
                    seen.add("flushed steps=" + recording.userEventValue(user.values().get(0).columnId(), user.values().get(0).raw()));
                } else if (event instanceof RecordedEvent.CallEntry entry && recording.method(entry.methodId()).name().equals("step")) {
                    seen.add("step");
                }
            });
            assertEquals(List.of("step", "step", "step", "flushed steps=3"), seen);
        } finally {
            process.destroyForcibly();
            process.waitFor(60, TimeUnit.SECONDS);
        }
    }

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    /** flush=100: a running program's batches reach the log within a tenth of a second, not a second. */
    @Test
    void aShortFlushIntervalWritesBatchesSooner(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        Process process = SampleRun.startUntilReady(Jdk.available().get(0), out, "flush=100", Sleeper.class);
        try {
            Thread.sleep(300);
            Recording opened = Recording.open(out);
            try {
                long ticks = ticks(opened);
                assertTrue(ticks > 0, "main's first batches are written within 300 ms: " + ticks);
                Thread.sleep(300);
                Recording newer = opened.refresh();
                try {
                    assertTrue(ticks(newer) > ticks, ticks(newer) + " ticks after 300 ms more, " + ticks + " before");
                } finally {
                    newer.close();
                }
            } finally {
                opened.close();
            }
        } finally {
            process.destroyForcibly();
            process.waitFor(60, TimeUnit.SECONDS);
        }
    }

    /**
     * Chronicle writes a document's bytes first and its length word last, so a reader that
     * reaches the end of a log being written fast often finds a length word still zero with the
     * document's bytes after it. While the writer runs that is a document not written yet, not
     * damage: a reader refreshing over four threads that flush every 100 ms must never refuse
     * the log, and once the program has ended it reads every document the program wrote.
     */
    @Test
    void aReaderRefreshingAFastGrowingRecordingNeverTakesItForDamaged(@TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        Process process = SampleRun.startUntilReady(Jdk.available().get(0), out, "flush=100", profq.samples.Spinners.class);
        Recording live = null;
        int refreshes = 0;
        try {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            live = Recording.open(out);
            // Bounded in bytes too: four threads write hundreds of megabytes a second on a fast disk.
            while (System.nanoTime() < until && live.logBytes() < (2L << 30)) {
                live = live.refresh();
                refreshes++;
            }
            assertTrue(live.eventCount() > 0 && refreshes > 100, refreshes + " refreshes, " + live.eventCount() + " events");
        } finally {
            process.destroy(); // SIGTERM: the shutdown hook writes the end record
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        }
        try (Recording ended = Recording.open(out)) {
            live = live.refresh();
            assertTrue(live.end().isPresent(), "the live view reads on to the end record");
            assertEquals(ended.eventCount(), live.eventCount());
            assertEquals(ended.logBytes(), live.logBytes());
        } finally {
            live.close();
        }
    }

    @Test
    void refreshingAFinishedRecordingGivesTheSameOne(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(Jdk.available().get(0), temp.resolve("rec.profq"), "", profq.samples.Recursion.class);
        try (Recording recording = result.open()) {
            assertSame(recording, recording.refresh());
            assertSame(recording, recording.refresh());
        }
    }

    private static long ticks(Recording recording) {
        return RecordingFacts.callsByMethod(recording).getOrDefault("profq.samples.Sleeper.tick()V", 0L);
    }
}
