package org.profq.engine.api;

import java.nio.file.Path;

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
}
