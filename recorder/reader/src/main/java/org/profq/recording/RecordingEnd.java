package org.profq.recording;

/**
 * The end record written at shutdown. A recording without one ended abruptly (SIGKILL, crash)
 * and holds what was flushed until then.
 *
 * @param threadsStillRunning threads alive at the end; their events after {@code endNanos} are not recorded
 */
public record RecordingEnd(long endNanos, long eventsWritten, long eventsLost, int threadsStillRunning) {
}
