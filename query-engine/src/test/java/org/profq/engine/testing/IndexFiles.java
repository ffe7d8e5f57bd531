package org.profq.engine.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

import org.profq.engine.index.RecordingIndex;

/** A recording's index as files, for tests that damage or drop it. */
public final class IndexFiles {
    private IndexFiles() {
    }

    /** The resume state {@code table} was last committed with (what an extension goes on from, and its totals). */
    public static Path resumeState(Path recording, String table) throws IOException {
        try (var files = Files.list(recording.resolve(RecordingIndex.DIRECTORY).resolve(table))) {
            return files.filter(file -> file.getFileName().toString().startsWith("resume-")).findFirst().orElseThrow();
        }
    }

    /** Deletes the recording's index, if it has one: the next query builds it afresh. */
    public static void delete(Path recording) throws IOException {
        Path index = recording.resolve(RecordingIndex.DIRECTORY);
        if (Files.exists(index)) {
            try (var walk = Files.walk(index)) {
                for (Path file : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(file);
                }
            }
        }
    }
}
