package org.profq.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A temporary directory for one recording, deleted when closed: the benchmark's recordings
 * run to gigabytes and are only measured, never kept.
 */
record ScratchDirectory(Path root) implements AutoCloseable {

    static ScratchDirectory create() {
        try {
            return new ScratchDirectory(Files.createTempDirectory("profq-bench-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the agent's {@code out=} points: must not exist yet, the agent creates it. */
    Path recording() {
        return root.resolve("recording");
    }

    /** Bytes of all files under the root, as the file system reports their lengths. */
    long fileBytes() {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).mapToLong(ScratchDirectory::size).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(ScratchDirectory::delete);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
