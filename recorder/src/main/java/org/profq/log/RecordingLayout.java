package org.profq.log;

import java.nio.file.Path;

/** Where things live inside a recording directory (DESIGN.md, "The recording"). */
public final class RecordingLayout {
    /** The suffix of a recording directory's name. */
    public static final String SUFFIX = ".profq";

    public static Path eventsDirectory(Path recording) {
        return recording.resolve("events");
    }

    /**
     * A recording with a window keeps its header, names, losses and end here, never deleted,
     * and only batches in {@code events/}; a recording without one has no {@code names/}.
     */
    public static Path namesDirectory(Path recording) {
        return recording.resolve("names");
    }

    public static Path indexDirectory(Path recording) {
        return recording.resolve("index");
    }

    private RecordingLayout() {
    }
}
