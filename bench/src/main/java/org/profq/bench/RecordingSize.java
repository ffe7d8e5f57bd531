package org.profq.bench;

import java.nio.file.Path;

import org.profq.recording.Recording;

/**
 * Prints a recording's size through the reader API, as {@code events logBytes eventsLost}.
 *
 * <p>Runs in its own JVM with profq-agent.jar (which carries the reader) on the class path,
 * so that the benchmark JVMs never see the recorder's classes on theirs.
 */
public final class RecordingSize {
    public static void main(String[] args) {
        try (Recording recording = Recording.open(Path.of(args[0]))) {
            System.out.println(recording.eventCount() + " " + recording.logBytes() + " " + recording.eventsLost());
        }
    }

    private RecordingSize() {
    }
}
