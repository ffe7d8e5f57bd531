package org.profq.engine.api;

import java.nio.file.Path;

import org.profq.engine.index.IndexCoverage;
import org.profq.engine.index.SavedLogScans;
import org.profq.recording.Recording;

/** Opens recordings as the engine does. */
public final class Recordings {
    private Recordings() {
    }

    /**
     * The recording in {@code directory}, read on from the log scan its index saved (only the log
     * flushed after it is read), or from the log's start when none was saved. Throws the reader's
     * RecordingException.
     */
    public static Recording open(Path directory) {
        return Recording.open(directory, run -> SavedLogScans.find(directory, run));
    }

    /**
     * Keeps the state of {@code recording}'s log scan beside its index (made for it when there is
     * none yet), when it read more of the log than the state it was opened from: the next process
     * that opens it reads only what is flushed after. Quiet when it cannot be written.
     */
    public static void keepScan(Recording recording) {
        SavedLogScans.keep(recording);
    }

    /** How much of {@code recording} its index covers, and the events by kind it counted, from the index's manifests. */
    public static IndexState indexState(Recording recording) {
        return new IndexState(IndexCoverage.of(recording));
    }
}
