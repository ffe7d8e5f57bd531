package org.profq.engine.index;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

import org.profq.recording.Recording;
import org.profq.recording.RunInfo;

/**
 * The state of a recording's log scan (names, totals, and where in the log it stopped:
 * {@link Recording#savedScan()}) kept beside its index, {@code index/logscan.state}, or in the
 * user's cache where the index is ({@link IndexPlaces}), so that a new process opening an indexed
 * recording reads only the log flushed after it instead of the whole log
 * ({@link Recording#open(Path, java.util.function.Function)}). The state says itself whether it is
 * damaged or not of the log as it is now; either way it is ignored and the log read from its
 * start, so this file, like the index, is derived data and always safe to delete.
 */
public final class SavedLogScans {
    /** The file, in an index's place. */
    public static final String FILE = "logscan.state";

    private SavedLogScans() {
    }

    /**
     * The state kept for the run {@code run} of the recording in {@code directory}: in its index,
     * or else in the user's cache; empty when there is none (or it cannot be read).
     */
    public static Optional<byte[]> find(Path directory, RunInfo run) {
        try {
            for (Path place : IndexPlaces.of(directory, run).searched()) {
                Path file = place.resolve(FILE);
                if (Files.isRegularFile(file)) {
                    return Optional.of(Files.readAllBytes(file));
                }
            }
        } catch (IOException | RuntimeException | OutOfMemoryError unreadable) {
            // the log is read instead, as without a state
        }
        return Optional.empty();
    }

    /**
     * Keeps the state of {@code recording}'s scan where its index is or would be, before any table
     * is built: in the recording's {@code index/}, or, where that cannot be written, in the user's
     * cache ({@link IndexPlaces}); nothing when neither can be. For a front end that opened a
     * recording without a kept state (its index not built yet), so that the next process does not
     * read the whole log again.
     */
    public static void keep(Recording recording) {
        IndexPlaces places = IndexPlaces.of(recording);
        for (Path place : places.searched()) {
            try {
                if (place.equals(places.inRecording())) {
                    Files.createDirectories(place);
                } else {
                    IndexPlaces.createPrivately(place);
                }
                save(recording, place);
                return;
            } catch (IOException | RuntimeException noRoom) {
                // read-only, a full disk: the cache, then nowhere (the next process reads the log, as without it)
            }
        }
    }

    /**
     * Keeps the state of {@code recording}'s scan in {@code place} (an index's place) when it holds
     * more than the state it was opened from: written beside and renamed over the old one, so a
     * reader finds the old state or the new one, whole.
     */
    static void save(Recording recording, Path place) throws IOException {
        Optional<byte[]> state = recording.savedScanIsBehind() ? recording.savedScan() : Optional.empty();
        if (state.isEmpty()) {
            return;
        }
        Path written = Files.createTempFile(place, FILE, ".new");
        try {
            Files.write(written, state.get());
            Files.move(written, place.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(written);
        }
    }
}
