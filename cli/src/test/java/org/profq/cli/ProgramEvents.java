package org.profq.cli;

import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;

/**
 * The events a recorded program caused: all a recording holds but the CPU time readings
 * ({@link RecordedEvent.CpuTime}), which come as often as the recorder read the threads' CPU
 * times, so a test cannot know their number.
 */
final class ProgramEvents {
    static long count(Recording recording) {
        long[] count = {0};
        recording.forEachEvent(event -> count[0] += event instanceof RecordedEvent.CpuTime ? 0 : 1);
        return count[0];
    }

    private ProgramEvents() {
    }
}
