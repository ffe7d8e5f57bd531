package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.format.RecordingFormat.BATCH_MAX_AGE_NANOS;
import static org.profq.format.RecordingFormat.UNWRITTEN_BYTES_PER_THREAD;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.format.BatchHeader;
import org.profq.format.ByteCursor;
import org.profq.format.RecordingFormat;
import org.profq.format.RecordingLayout;
import org.profq.log.EventLog;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Full buffers handed over to the writer's thread, against a real Chronicle log whose monitor the
 * test holds to keep the writer from writing: the program's thread goes on in its other buffer
 * without waiting; it waits only when both are handed over; the end of a thread takes its last
 * events after the buffers it handed over, and every event is written or counted lost. What is
 * outside the log while the writer is held is what a killed program would lose: at most
 * {@code UNWRITTEN_BYTES_PER_THREAD} bytes, and less than a flush interval, of a thread's events.
 */
class BatchWriterTest {
    /** Long enough for a thread that should not wait to do its work many times over on a loaded machine. */
    private static final long PATIENCE_MILLIS = 60_000;

    @Test
    void aThreadGoesOnInItsOtherBufferWithoutWaitingWhileTheWriterIsHeld(@TempDir Path temp) throws Exception {
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder recorder = writingRecorder(log, BATCH_MAX_AGE_NANOS);
            AtomicLong calls = new AtomicLong();
            try (HeldMonitor held = HeldMonitor.hold(log)) {
                Thread program = new Thread(() -> {
                    while (recorder.batchCount() < 1) {
                        call(recorder, calls);
                    }
                    for (int i = 0; i < 1_000; i++) { // a few KB: room in the second buffer
                        call(recorder, calls);
                    }
                });
                program.start();
                program.join(PATIENCE_MILLIS);
                assertFalse(program.isAlive(), "the thread waited for the writer while its second buffer was free");

                Thread overfilling = callingUntilBatches(recorder, calls, 2);
                awaitWaiting(overfilling);
                assertEquals(2, recorder.batchCount(), "it waits at its second hand-over, both buffers being the writer's");
                held.release();
                overfilling.join(PATIENCE_MILLIS);
                assertFalse(overfilling.isAlive(), "the written buffer was given back");
            }
            recorder.flushAtEnd();
            assertEquals(2 * calls.get(), recorder.eventsWritten());
            assertEquals(0, recorder.eventsLost());
        }
    }

    /** A writer held up for good (by a lock its waiting thread holds, say) stalls the program for a bounded time, never for good. */
    @Test
    void aThreadTheWriterKeepsWaitingGoesOnInANewBufferAfterABoundedWait(@TempDir Path temp) throws Exception {
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder recorder = writingRecorder(log, BATCH_MAX_AGE_NANOS);
            AtomicLong calls = new AtomicLong();
            try (HeldMonitor held = HeldMonitor.hold(log)) {
                Thread program = callingUntilBatches(recorder, calls, 3);
                program.join(PATIENCE_MILLIS);
                assertFalse(program.isAlive(), "the thread still waits for a writer that cannot write");
                held.release();
            }
            recorder.flushAtEnd();
            assertEquals(2 * calls.get(), recorder.eventsWritten() + recorder.eventsLost());
            assertEquals(0, recorder.eventsLost());
        }
    }

    @Test
    void aThreadHoldsAtMostTheBytesAKilledProgramMayLoseOutsideTheLog(@TempDir Path temp) throws Exception {
        long outside;
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder recorder = writingRecorder(log, BATCH_MAX_AGE_NANOS);
            AtomicLong calls = new AtomicLong();
            try (HeldMonitor held = HeldMonitor.hold(log)) {
                Thread program = callingUntilBatches(recorder, calls, 3);
                awaitWaiting(program);
                outside = recorder.batchCount(); // every batch it made is outside the log: the writer is held
                held.release();
                program.join(PATIENCE_MILLIS);
                assertFalse(program.isAlive());
            }
            recorder.flushAtEnd();
        }
        int bytesOutside = batchesIn(temp).stream().filter(batch -> batch.sequence() < outside).mapToInt(LoggedBatch::eventBytes).sum();
        assertTrue(bytesOutside > UNWRITTEN_BYTES_PER_THREAD / 2, "it filled its buffers before waiting: " + bytesOutside);
        assertTrue(bytesOutside <= UNWRITTEN_BYTES_PER_THREAD, bytesOutside + " bytes of events outside the log");
    }

    /**
     * The flush interval runs from the oldest event outside the log: a thread whose aged batch the
     * writer has not yet written hands its next one over at the next tick of the clock and waits,
     * rather than filling it for another interval.
     */
    @Test
    void aThreadHoldsLessThanAFlushIntervalOfEventsOutsideTheLog(@TempDir Path temp) throws Exception {
        long interval = TimeUnit.MILLISECONDS.toNanos(100);
        Clock.start(true, 1_000_000, () -> { }); // the exact clock: every event its own time
        long outside;
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder recorder = writingRecorder(log, interval);
            AtomicLong calls = new AtomicLong();
            try (HeldMonitor held = HeldMonitor.hold(log)) {
                Thread program = new Thread(() -> {
                    while (recorder.batchCount() < 3) {
                        call(recorder, calls);
                        sleep(1); // a few hundred bytes an interval: batches are handed over by age, not by size
                    }
                });
                program.start();
                awaitWaiting(program);
                outside = recorder.batchCount();
                held.release();
                program.join(PATIENCE_MILLIS);
                assertFalse(program.isAlive());
            }
            recorder.flushAtEnd();
        }
        List<LoggedBatch> batches = batchesIn(temp).stream().filter(batch -> batch.sequence() < outside).toList();
        long start = batches.get(0).baseNanos(); // where the first batch's interval began
        List<Long> times = batches.stream().flatMap(batch -> batch.times().stream()).toList();
        assertTrue(times.get(times.size() - 1) - start >= interval, "it recorded for a whole interval before waiting");
        // At most the event that found the first batch an interval old was recorded after the interval.
        long late = times.stream().filter(time -> time - start >= interval).count();
        assertTrue(late <= 1, late + " events outside the log an interval or more after the first batch began");
    }

    @Test
    void theEndOfAThreadWritesTheBuffersItHandedOverThenItsLastEvents(@TempDir Path temp) throws Exception {
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder recorder = writingRecorder(log, BATCH_MAX_AGE_NANOS);
            AtomicLong calls = new AtomicLong();
            try (HeldMonitor held = HeldMonitor.hold(log)) {
                Thread program = new Thread(() -> {
                    while (recorder.batchCount() < 1) {
                        call(recorder, calls);
                    }
                    for (int i = 0; i < 100; i++) {
                        call(recorder, calls);
                    }
                });
                program.start();
                program.join(PATIENCE_MILLIS);
                assertFalse(program.isAlive());

                Thread ending = new Thread(recorder::flushAtEnd); // as the clock thread does for a thread that ended
                ending.start();
                awaitWaiting(ending);
                assertEquals(0, recorder.eventsWritten(), "its handed-over buffer is not written yet, nor are its last events");
                held.release();
                ending.join(PATIENCE_MILLIS);
                assertFalse(ending.isAlive());
            }
            assertEquals(2 * calls.get(), recorder.eventsWritten());
            assertEquals(2, recorder.batchCount());
            assertEquals(0, recorder.eventsLost());
        }
    }

    @Test
    void aHandedOverBufferTheLogRefusesIsCountedLost(@TempDir Path temp) throws IOException {
        EventLog log = EventLog.create(temp);
        ThreadRecorder recorder = writingRecorder(log, BATCH_MAX_AGE_NANOS);
        log.close();
        AtomicLong calls = new AtomicLong();
        while (recorder.batchCount() < 1) {
            call(recorder, calls);
        }
        call(recorder, calls);

        recorder.flushAtEnd();

        assertEquals(0, recorder.eventsWritten());
        assertEquals(2 * calls.get(), recorder.eventsLost());
    }

    /**
     * CPU time the clock thread read is written before the thread's next event, and that event can
     * be the one that hands the buffer over: it goes into the new buffer, never into the one handed
     * over (which the writer may be copying).
     */
    @Test
    void anEventThatHandsTheBufferOverGoesIntoTheNextOne(@TempDir Path temp) throws IOException {
        int calls = 30_000; // several buffers
        try (EventLog log = EventLog.create(temp)) {
            ThreadRecorder recorder = writingRecorder(log, BATCH_MAX_AGE_NANOS);
            for (int i = 0; i < calls; i++) {
                recorder.addCpu(5); // so each event begins with its CPU event, where a full buffer is handed over
                recorder.enter(300);
                recorder.addCpu(5);
                recorder.exit(false);
            }
            recorder.flushAtEnd();
            assertEquals(4L * calls, recorder.eventsWritten());
        }
        List<String> events = eventsIn(temp);
        assertEquals(4 * calls, events.size());
        for (int i = 0; i < events.size(); i += 4) {
            assertEquals(List.of("cpu 5", "enter 300", "cpu 5", "exit"), events.subList(i, i + 4), "events " + i + " on");
        }
    }

    /** Every event of every batch in the log at {@code recording}, in order, as its kind and first field; each batch's checksum checked. */
    private static List<String> eventsIn(Path recording) {
        return batchesIn(recording).stream().flatMap(batch -> batch.events().stream()).toList();
    }

    /** A batch in the log: its sequence number, base time, the bytes of its events, and each event's time and name (kind and first field). */
    private record LoggedBatch(long sequence, long baseNanos, int eventBytes, List<Long> times, List<String> events) {
    }

    /** Every batch in the log at {@code recording}, in order; each batch's checksum checked. */
    private static List<LoggedBatch> batchesIn(Path recording) {
        List<LoggedBatch> batches = new ArrayList<>();
        BatchHeader header = new BatchHeader();
        try (ChronicleQueue queue = ChronicleQueue.singleBuilder(RecordingLayout.eventsDirectory(recording)).readOnly(true).build()) {
            ExcerptTailer tailer = queue.createTailer();
            while (true) {
                try (DocumentContext document = tailer.readingDocument()) {
                    if (!document.isPresent()) {
                        return batches;
                    }
                    Bytes<?> bytes = document.wire().bytes();
                    byte[] content = new byte[(int) bytes.readRemaining()];
                    bytes.read(content);
                    if (content[0] != RecordingFormat.DOC_BATCH) {
                        continue;
                    }
                    header.read(content, content.length);
                    assertTrue(header.checksumMatches(content, content.length), "batch " + header.sequence() + " matches its checksum");
                    List<Long> times = new ArrayList<>();
                    List<String> events = new ArrayList<>();
                    long time = header.baseNanos();
                    ByteCursor cursor = new ByteCursor().reset(content, header.eventsOffset(), content.length);
                    while (cursor.hasMore()) {
                        int tag = cursor.readByte();
                        if ((tag & RecordingFormat.TIME_CHANGED) != 0) {
                            time += cursor.readVarint();
                        }
                        int kind = tag & RecordingFormat.KIND_MASK;
                        String name = switch (kind) {
                            case RecordingFormat.EV_CPU -> "cpu";
                            case RecordingFormat.EV_ENTER -> "enter";
                            case RecordingFormat.EV_EXIT -> "exit";
                            default -> "kind " + kind;
                        };
                        int fields = RecordingFormat.fieldCount(kind);
                        for (int field = 0; field < fields; field++) {
                            long value = cursor.readVarint();
                            if (field == 0) {
                                name += " " + value;
                            }
                        }
                        times.add(time);
                        events.add(name);
                    }
                    batches.add(new LoggedBatch(header.sequence(), header.baseNanos(), content.length - header.eventsOffset(), times, events));
                }
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** A recorder of the test's thread whose full buffers a writer thread appends to {@code log}. */
    private static ThreadRecorder writingRecorder(EventLog log, long flushIntervalNanos) {
        return new ThreadRecorder(1, Thread.currentThread(), log, flushIntervalNanos, BatchWriter.start(log));
    }

    /** A started thread of the program's that records calls until the recorder has made {@code batches} batches. */
    private static Thread callingUntilBatches(ThreadRecorder recorder, AtomicLong calls, int batches) {
        Thread program = new Thread(() -> {
            while (recorder.batchCount() < batches) {
                call(recorder, calls);
            }
        });
        program.start();
        return program;
    }

    private static void call(ThreadRecorder recorder, AtomicLong calls) {
        recorder.enter(300);
        recorder.exit(false);
        calls.incrementAndGet();
    }

    /** Waits until {@code thread} waits (for the writer); fails if it never does. */
    private static void awaitWaiting(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        while (!waitsForTheWriter(thread)) {
            assertTrue(thread.isAlive() && System.nanoTime() < deadline, "the thread did not wait for the writer: " + thread.getState());
            Thread.sleep(10);
        }
    }

    /** Whether {@code thread} waits for the writer to free its other buffer (its wait is bounded: TIMED_WAITING), not sleeping. */
    private static boolean waitsForTheWriter(Thread thread) {
        return thread.getState() == Thread.State.TIMED_WAITING
                && Arrays.stream(thread.getStackTrace()).anyMatch(frame -> frame.getMethodName().equals("awaitWritten"));
    }

    /** Holds an object's monitor on a thread of its own until released: the writer, which needs it, waits meanwhile. */
    private static final class HeldMonitor implements AutoCloseable {
        private final CountDownLatch release = new CountDownLatch(1);
        private final Thread holder;

        private HeldMonitor(Object monitor, CountDownLatch held) {
            holder = new Thread(() -> {
                synchronized (monitor) {
                    held.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
        }

        static HeldMonitor hold(Object monitor) throws InterruptedException {
            CountDownLatch held = new CountDownLatch(1);
            HeldMonitor monitorHolder = new HeldMonitor(monitor, held);
            monitorHolder.holder.start();
            held.await();
            return monitorHolder;
        }

        void release() {
            release.countDown();
        }

        @Override
        public void close() throws InterruptedException {
            release();
            holder.join();
        }
    }
}
