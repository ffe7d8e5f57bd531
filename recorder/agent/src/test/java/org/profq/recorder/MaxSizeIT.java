package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.format.RecordingFormat;
import org.profq.recording.Call;
import org.profq.recording.Loss;
import org.profq.recording.Recording;
import org.profq.recording.RecordingWindow;
import profq.samples.ManyCalls;
import profq.samples.Recursion;

/**
 * {@code maxsize}: a long run keeps its latest window of events, and says what it dropped.
 * ManyCalls makes 10,000,002 call events (main, then f 5,000,000 times), about 15 MB of log:
 * fifteen times the 1 MB window.
 */
class MaxSizeIT {
    private static final long MAX_BYTES = 1L << 20;
    private static final long MANY_CALLS_EVENTS = 10_000_002;
    /** Call ids are {@code threadId * 10^12 + sequence}: main is call 1 of thread 1, the last f call 5,000,001. */
    private static final long LAST_CALL_ID = 1_000_000_000_000L + 5_000_001;

    private final Jdk jdk = Jdk.current();

    @Test
    void aProgramThatWritesFifteenTimesTheSizeKeepsItsLastWindowAndCountsTheRest(@TempDir Path temp) throws IOException {
        Path out = temp.resolve("rec.profq");
        SampleRun.Result result = SampleRun.record(jdk, out, "maxsize=1m", ManyCalls.class);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, ManyCalls.class).stdout(), result.stdout());
        assertEquals("", result.stderr());
        long onDisk = sizeOfFiles(out);
        long largestSegment = largestFile(out.resolve("events"));
        assertTrue(onDisk <= MAX_BYTES + largestSegment,
                "the recording holds " + onDisk + " bytes: more than 1 MiB and one segment file of " + largestSegment + listing(out));

        try (Recording recording = result.open()) {
            // ManyCalls' calls, and the CPU time readings, kept or lost.
            long events = recording.eventCount() + recording.eventsLost();
            assertTrue(events >= MANY_CALLS_EVENTS && events <= MANY_CALLS_EVENTS + RecordingFacts.mostCpuReadings(recording),
                    "every event is either in the window or counted lost: " + events);
            assertEquals(List.of(new Loss(1, "window", recording.eventsLost())), recording.losses());
            assertTrue(recording.eventsLost() > MANY_CALLS_EVENTS * 9 / 10, "most were dropped: " + recording.eventsLost());
            RecordingWindow window = recording.window().orElseThrow();
            assertEquals(recording.eventsLost(), window.eventsDropped());
            assertTrue(window.startNanos() > 0 && window.startNanos() < recording.durationNanos(), window.toString());

            // The window is the run's last calls of f, every one whole and in order; main began before it.
            List<Call> calls = recording.readAllCalls();
            long firstKept = LAST_CALL_ID - calls.size() + 1;
            for (int i = 0; i < calls.size(); i++) {
                Call call = calls.get(i);
                assertEquals(firstKept + i, call.callId());
                assertEquals("profq.samples.ManyCalls.f(I)I", recording.methodName(call.methodId()));
                assertEquals(0, call.depth());
                assertTrue(call.finished() && call.startNanos() >= window.startNanos(), call.toString());
            }
            // Kept events: each call's entry and exit, main's exit, and f's exit if the window began inside an f
            // (and CPU time readings).
            long exitsWithoutEntry = recording.eventCount() - RecordingFacts.cpuReadings(recording) - 2L * calls.size();
            assertTrue(exitsWithoutEntry == 1 || exitsWithoutEntry == 2, "exits of calls begun before the window: " + exitsWithoutEntry);
        }
    }

    @Test
    void aRecordingWithoutAWindowHasOneQueue(@TempDir Path temp) {
        Path out = temp.resolve("rec.profq");
        try (Recording recording = SampleRun.record(jdk, out, "", Recursion.class).open()) {
            assertFalse(Files.exists(out.resolve("names")));
            assertEquals(RecordingFormat.DEATHS_RECORDED_MINOR_VERSION, recording.run().formatMinor()); // every recording has calibration and CPU events
            assertTrue(recording.window().isEmpty());
        }
    }

    @Test
    void aRecordingWithAWindowItNeverFilledKeepsEverything(@TempDir Path temp) {
        Path out = temp.resolve("rec.profq");
        try (Recording recording = SampleRun.record(jdk, out, "maxsize=100m,maxage=1h", Recursion.class).open()) {
            assertTrue(Files.isDirectory(out.resolve("names")));
            assertEquals(RecordingFormat.DEATHS_RECORDED_MINOR_VERSION, recording.run().formatMinor()); // its names/ queue says it has a window
            assertTrue(recording.window().isEmpty());
            assertEquals(List.of(), recording.losses());
            assertEquals(recording.end().orElseThrow().eventsWritten(), recording.eventCount());
        }
    }

    @Test
    void aWindowTooSmallIsRefusedBeforeTheProgramRuns(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "maxsize=100k", Recursion.class);

        assertEquals(2, result.exitCode());
        assertEquals("", result.stdout());
        assertEquals("profq: maxsize '100k' is too small; use 1m or more (the recording's names and a few segments of events"
                + " must fit).\n", result.stderr());
    }

    private static long sizeOfFiles(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }

    private static String listing(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.map(file -> file + " " + file.toFile().length()).toList().toString();
        }
    }

    private static long largestFile(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.mapToLong(file -> file.toFile().length()).max().orElse(0);
        }
    }
}
