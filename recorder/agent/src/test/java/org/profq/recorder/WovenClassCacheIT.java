package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
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
 * The cache cannot be used to put code into the program: a cache others can write into is not
 * used, and an entry that profq did not write for this user is not loaded.
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
        assertEquals(PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(cache.resolve("key")));

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

    /**
     * A group-writable cache, one whose configuration directory anyone can write, and one whose
     * key others can read: none is read or written; the program is woven from scratch and the
     * recording says why, once.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aCacheOthersCanWriteIntoIsNotUsed(Jdk jdk, @TempDir Path temp) throws IOException {
        Path cache = temp.resolve("cache");
        String options = "cache=" + cache;
        SampleRun.Result plain = SampleRun.plain(jdk, Allocations.class);
        SampleRun.Result woven = SampleRun.record(jdk, temp.resolve("woven.profq"), options, Allocations.class);
        Path configuration = entries(cache).get(0).getParent();

        Path key = cache.resolve("key");
        List<Unsafe> unsafe = List.of(
                new Unsafe(cache, "rwxrwx---", cache + " can be written by others (rwxrwx---)"),
                new Unsafe(configuration, "rwx---rwx", configuration + " can be written by others (rwx---rwx)"),
                new Unsafe(key, "rw-r--r--", "its key " + key + " can be read or written by others (rw-r--r--)"));
        for (Unsafe made : unsafe) {
            for (Path entry : entries(cache)) { // a cache in use would write them again
                Files.delete(entry);
            }
            Set<PosixFilePermission> safe = Files.getPosixFilePermissions(made.path());
            Files.setPosixFilePermissions(made.path(), PosixFilePermissions.fromString(made.permissions()));
            SampleRun.Result run = SampleRun.record(jdk, temp.resolve(made.permissions() + ".profq"), options,
                    Allocations.class);
            Files.setPosixFilePermissions(made.path(), safe);

            assertEquals(0, run.exitCode(), run.stderr());
            assertEquals(plain.stdout(), run.stdout());
            assertEquals("", run.stderr());
            assertEquals(0, entries(cache).size(), "entries written into the cache");
            assertEquals(events(woven), events(run));
            try (Recording recording = run.open()) {
                assertEquals(List.of("the woven-class cache in " + cache + " is not used, as others could have put"
                        + " classes into it: " + made.reason() + "; every class is woven (make it the user's alone,"
                        + " e.g. chmod go-w, or choose another with cache=<dir>)"), recording.warnings());
            }
        }
    }

    /** A file of the cache made readable or writable by others, and why the cache is then not used. */
    private record Unsafe(Path path, String permissions, String reason) {
    }

    /**
     * An entry planted with other woven bytes (the program's own class, made to print something
     * else; well-formed, so only the seal can tell) is not loaded: the class is woven again.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void aPlantedEntryIsNotLoaded(Jdk jdk, @TempDir Path temp) throws IOException {
        Path cache = temp.resolve("cache");
        String options = "cache=" + cache;
        SampleRun.Result plain = SampleRun.plain(jdk, Allocations.class);
        SampleRun.Result woven = SampleRun.record(jdk, temp.resolve("woven.profq"), options, Allocations.class);
        byte[] original = "checksum ".getBytes(StandardCharsets.US_ASCII);
        byte[] planted = "hijacked ".getBytes(StandardCharsets.US_ASCII);
        Path entry = entries(cache).stream().filter(file -> indexOf(read(file), original) >= 0).findFirst().orElseThrow();
        byte[] bytes = read(entry);
        System.arraycopy(planted, 0, bytes, indexOf(bytes, original), planted.length);
        Files.write(entry, bytes);

        SampleRun.Result run = SampleRun.record(jdk, temp.resolve("planted.profq"), options, Allocations.class);

        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(plain.stdout().startsWith("checksum "), plain.stdout());
        assertEquals(plain.stdout(), run.stdout());
        assertEquals("", run.stderr());
        assertEquals(events(woven), events(run));
        assertTrue(indexOf(read(entry), planted) < 0, "the planted entry was replaced by the class woven again");
        try (Recording recording = run.open()) {
            assertEquals(List.of("the woven-class cache entry for " + Allocations.class.getName() + " in "
                    + entry.getParent() + " does not match its seal (damaged, or not written by profq for this user):"
                    + " it was deleted and the class woven again (said for the first such entry of a run only)"),
                    recording.warnings());
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Each event's kind, method or site name and depth, in order: what the recording says, without times and ids,
     * and without CPU time readings and profq's own frames (weaving happens in the woven run only).
     */
    private static List<String> events(SampleRun.Result run) {
        List<String> events = new ArrayList<>();
        try (Recording recording = run.open()) {
            recording.forEachEvent(event -> {
                if (RecordingFacts.isProgramEvent(recording, event)) {
                    events.add(describe(recording, event));
                }
            });
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

    /** The entries of every configuration (not the key beside them). */
    private static List<Path> entries(Path cache) throws IOException {
        try (Stream<Path> files = Files.walk(cache)) {
            return files.filter(file -> Files.isRegularFile(file) && !file.getParent().equals(cache)).sorted().toList();
        }
    }
}
