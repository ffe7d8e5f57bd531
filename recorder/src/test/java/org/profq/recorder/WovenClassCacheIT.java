package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import profq.samples.Allocations;

/**
 * A program recorded with its classes taken from the woven-class cache records exactly what it
 * recorded when they were woven, behaves the same, and a damaged cache entry is woven again.
 */
class WovenClassCacheIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aRunFromTheCacheRecordsWhatTheWovenRunRecorded(Jdk jdk, @TempDir Path temp) throws IOException {
        Path cache = temp.resolve("cache");
        String options = "cache=" + cache;
        SampleRun.Result plain = SampleRun.plain(jdk, Allocations.class);
        SampleRun.Result woven = SampleRun.record(jdk, temp.resolve("woven.profq"), options, Allocations.class);
        List<Path> entries = entries(cache);
        assertFalse(entries.isEmpty(), "the first run kept its woven classes");

        SampleRun.Result cached = SampleRun.record(jdk, temp.resolve("cached.profq"), options, Allocations.class);
        assertEquals(entries, entries(cache), "the second run wove nothing new");

        List<byte[]> damaged = new ArrayList<>();
        for (Path entry : entries) { // damage every entry: each is refused and the class woven again
            byte[] bytes = Files.readAllBytes(entry);
            bytes[bytes.length - 1] ^= 0x5A;
            Files.write(entry, bytes);
            damaged.add(bytes);
        }
        SampleRun.Result rewoven = SampleRun.record(jdk, temp.resolve("rewoven.profq"), options, Allocations.class);
        assertEquals(entries, entries(cache));
        for (int i = 0; i < entries.size(); i++) {
            assertFalse(Arrays.equals(damaged.get(i), Files.readAllBytes(entries.get(i))),
                    "the run read the damaged entry, refused it and kept the class woven anew: " + entries.get(i));
        }

        for (SampleRun.Result run : List.of(woven, cached, rewoven)) {
            assertEquals(0, run.exitCode(), run.stderr());
            assertEquals(plain.stdout(), run.stdout());
            assertEquals("", run.stderr());
            assertEquals(events(woven), events(run));
        }
    }

    /** Each event's kind, method or site name and depth, in order: what the recording says, without times and ids. */
    private static List<String> events(SampleRun.Result run) {
        List<String> events = new ArrayList<>();
        try (Recording recording = run.open()) {
            recording.forEachEvent(event -> events.add(describe(recording, event)));
        }
        assertTrue(events.size() > 1000, "Allocations makes 1,000 Points: " + events.size());
        return events;
    }

    private static String describe(Recording recording, RecordedEvent event) {
        if (event instanceof RecordedEvent.CallEntry entry) {
            return "enter " + recording.methodName(entry.methodId()) + " " + entry.depth();
        }
        if (event instanceof RecordedEvent.CallExit exit) {
            return "exit " + recording.methodName(exit.methodId()) + " " + exit.depth();
        }
        if (event instanceof RecordedEvent.Allocation allocation) {
            return "new " + recording.classInfo(allocation.classId()).name() + " " + allocation.sizeBytes();
        }
        return event.getClass().getSimpleName();
    }

    private static List<Path> entries(Path cache) throws IOException {
        try (Stream<Path> files = Files.walk(cache)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
