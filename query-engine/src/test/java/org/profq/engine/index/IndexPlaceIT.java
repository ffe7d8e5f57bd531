package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.ForkedQueries;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Required;

import profq.samples.Allocations;

/**
 * An index where there is room: when a recording's directory is read-only or its disk is full,
 * its index is built in the user's cache ({@code $XDG_CACHE_HOME/profq/index/<recording>-<hash>}),
 * which the connection says once, as a SQL warning, and later processes reuse without saying it
 * again. Each query runs in a JVM of its own ({@link ForkedQueries}) with {@code XDG_CACHE_HOME}
 * set to a directory of the test's. The read-only directory is a read-only bind mount and the
 * full disk a small tmpfs, both of which need root (as CI has); without it, the directory is
 * made read-only by its permissions and the full disk is skipped.
 */
class IndexPlaceIT {
    private static final String HEAP = "SELECT signature, objects, bytes, share FROM heap_by_method";
    private static final String HEAP_ROW = "profq.samples.Allocations.allocate()|1110|31360|1.0\n";

    @Test
    void aReadOnlyRecordingHasItsIndexInTheUsersCacheSaidOnceAndReusedByLaterProcesses(@TempDir Path temp) throws Exception {
        Path directory = Files.createDirectories(temp.resolve("recordings"));
        Path recording = SampleRecording.record(directory, Allocations.class, "", 0);
        Path cache = temp.resolve("cache");
        String reason = makeReadOnly(directory);
        try {
            String first = ForkedQueries.run(List.of(), Map.of("XDG_CACHE_HOME", cache.toString()), recording, List.of(HEAP));
            Path index = cachedIndex(cache);
            assertTrue(index.getFileName().toString().matches("Allocations\\.profq-[0-9a-f]{16}"), index.toString());
            assertEquals(HEAP_ROW + "warning: profq: the index of " + recording + " cannot be written there (" + reason
                    + "): it is kept in " + index + " instead, for later queries too\n", first);
            assertFalse(Files.exists(recording.resolve(RecordingIndex.DIRECTORY)), "nothing was written in the recording");
            assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.resolve("profq"))),
                    "the user's alone");
            Map<String, FileTime> heapOnly = files(index);
            assertTrue(heapOnly.containsKey("allocations/manifest.properties"), heapOnly.toString());

            String later = ForkedQueries.run(List.of(), Map.of("XDG_CACHE_HOME", cache.toString()), recording,
                    List.of(HEAP, "SELECT COUNT(*) FROM calls"));
            assertEquals(HEAP_ROW + "1003\n", later, "the index is reused, and where it is was said before");
            Map<String, FileTime> both = files(index);
            heapOnly.forEach((file, modified) -> assertEquals(modified, both.get(file), file + " was reused"));
            assertTrue(both.containsKey("calls/manifest.properties"), "calls was added beside it: " + both.keySet());
        } finally {
            makeWritable(directory);
        }
    }

    @Test
    void aRecordingOnAFullDiskHasItsIndexInTheUsersCache(@TempDir Path temp) throws Exception {
        Path small = Files.createDirectories(temp.resolve("small"));
        Required.that(run("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", small.toString()) == 0, "mounting a tmpfs needs root");
        try {
            Path recording = SampleRecording.record(small, Allocations.class, "", 0);
            fill(small.resolve("filler"));
            Path cache = temp.resolve("cache");

            String printed = ForkedQueries.run(List.of(), Map.of("XDG_CACHE_HOME", cache.toString()), recording, List.of(HEAP));
            Path index = cachedIndex(cache);
            assertEquals(HEAP_ROW + "warning: profq: the index of " + recording + " cannot be written there (no space left on"
                    + " device): it is kept in " + index + " instead, for later queries too\n", printed);
            assertTrue(Files.isRegularFile(index.resolve("allocations/manifest.properties")));
            assertEquals(Map.of(), files(recording.resolve(RecordingIndex.DIRECTORY)), "no part of the index is left on the full disk");
        } finally {
            run("umount", "-l", small.toString());
        }
    }

    /** The one recording's index directory in {@code cache}. */
    private static Path cachedIndex(Path cache) throws IOException {
        try (Stream<Path> indexes = Files.list(cache.resolve("profq").resolve(RecordingIndex.DIRECTORY))) {
            List<Path> all = indexes.toList();
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }

    /**
     * Makes {@code directory} read-only: a read-only bind mount of it (root), else its permissions
     * (which do not stop root); gives the reason a write there then fails with.
     */
    private static String makeReadOnly(Path directory) throws IOException, InterruptedException {
        if (run("mount", "--bind", directory.toString(), directory.toString()) == 0) {
            if (run("mount", "-o", "remount,bind,ro", directory.toString()) == 0) {
                return "read-only file system";
            }
            run("umount", directory.toString());
        }
        setWritable(directory, false);
        Required.that(!Files.isWritable(directory), "neither a read-only mount nor permissions make the directory read-only");
        return "permission denied";
    }

    private static void makeWritable(Path directory) throws IOException, InterruptedException {
        run("umount", "-l", directory.toString());
        setWritable(directory, true);
    }

    private static void setWritable(Path directory, boolean writable) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.toList()) {
                file.toFile().setWritable(writable, false);
            }
        }
    }

    /** Fills the disk {@code file} is on to the last byte. */
    private static void fill(Path file) throws IOException {
        byte[] page = new byte[4096];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(page);
                out.flush();
            }
        } catch (IOException full) {
            assertTrue(String.valueOf(full.getMessage()).contains("No space left on device"), full.toString());
        }
        assertEquals(0, Files.getFileStore(file).getUsableSpace(), "the disk is full");
    }

    /** The files under {@code directory} (none if it does not exist), by their path in it, with their modification times. */
    private static Map<String, FileTime> files(Path directory) throws IOException {
        Map<String, FileTime> files = new TreeMap<>();
        if (Files.isDirectory(directory)) {
            try (Stream<Path> walk = Files.walk(directory)) {
                for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                    files.put(directory.relativize(file).toString(), Files.getLastModifiedTime(file));
                }
            }
        }
        return files;
    }

    private static int run(String... command) throws IOException, InterruptedException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }
}
