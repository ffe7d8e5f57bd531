package org.profq.engine.index;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The file moves of an index's directories: a table is built in a temporary directory and moved
 * into place whole, so that a reader never maps half a table, and two processes building the
 * same table at once each end with a complete one.
 */
final class IndexDirectories {
    private IndexDirectories() {
    }

    /**
     * Deletes the files an older profq (index format 5 and before) kept directly in {@code index/},
     * one index for every table under one manifest: the tables are rebuilt in directories of their own.
     */
    static void removeOlderLayout(Path place) throws IOException {
        if (!Files.isRegularFile(place.resolve(IndexManifest.FILE))) {
            return;
        }
        try (Stream<Path> files = Files.list(place)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                if (!file.getFileName().toString().equals(IndexManifest.FILE)) {
                    Files.deleteIfExists(file);
                }
            }
        }
        Files.deleteIfExists(place.resolve(IndexManifest.FILE)); // last: a crash before leaves it to say there is more to delete
    }

    /** Replaces {@code target} (a stale or damaged table, if any) by the complete table {@code built}. */
    static void moveIntoPlace(Path built, Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            if (Files.exists(target)) {
                // Move the old one aside first (readers that mapped it keep their mappings), then delete it.
                Path old = target.resolveSibling(target.getFileName() + ".old-" + System.nanoTime());
                try {
                    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
                    deleteTree(old);
                } catch (NoSuchFileException gone) {
                    // another builder moved it first
                }
            }
            try {
                Files.move(built, target, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (FileSystemException exists) {
                if (attempt == 3 || !Files.exists(target)) {
                    throw exists; // not a race with another builder
                }
            }
        }
    }

    /** Deletes {@code root} and everything under it; nothing when it is not there. */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** Deletes {@code directory} when this JVM exits. */
    static void deleteOnExit(Path directory) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                deleteTree(directory);
            } catch (IOException ignored) {
                // a temporary directory the system cleans up anyway
            }
        }, "profq index cleanup"));
    }
}
