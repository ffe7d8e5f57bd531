package org.profq.event;

import static org.profq.format.RecordingFormat.EV_EXIT;

import org.profq.format.BatchHeader;
import org.profq.log.EventLog;

/**
 * Appends one thread's batches to the log and counts their events written or lost. It is called on
 * the owner's thread, on the writer's (a buffer handed over) or on the one that ends the recording,
 * one at a time: the writer's batches are awaited before the end takes the thread's last events.
 */
final class BatchAppender {
    private final int threadId;
    /** Null for the overhead calibration's recorder and the stand-ins, whose batches are dropped. */
    private final EventLog log;
    private final BatchHeader header = new BatchHeader();
    private long eventsWritten;
    private long eventsLost;
    /** For a recorder that drops its batches: the clock's advance seen by exits in them ({@link #droppedExitNanos}). */
    private long droppedExitNanos;

    BatchAppender(int threadId, EventLog log) {
        this.threadId = threadId;
        this.log = log;
    }

    /** Whether this thread's batches are dropped rather than appended. */
    boolean dropsEvents() {
        return log == null;
    }

    /**
     * Appends {@code bytes[0, length)} as one batch, or counts its events lost if the log will not take
     * it; drops it if this thread's batches are dropped.
     */
    void append(byte[] bytes, int length, int count, long sequence, long baseNanos, long firstCall, long firstObject,
                long lastEventNanos) {
        if (log == null) {
            droppedExitNanos += exitDeltas(bytes, length);
            return;
        }
        header.write(threadId, sequence, baseNanos, firstCall, firstObject, count, lastEventNanos, bytes, length);
        if (log.writeBatch(header.bytes(), header.length(), bytes, 0, length, threadId, count, lastEventNanos)) {
            eventsWritten += count;
        } else {
            eventsLost += count;
        }
    }

    void countLost(int count) {
        eventsLost += count;
    }

    long eventsWritten() {
        return eventsWritten;
    }

    long eventsLost() {
        return eventsLost;
    }

    /**
     * For the overhead calibration: how far the clock moved between exits and the events before
     * them, in the batches dropped so far (after a flush, all of them). For calls of a method that
     * calls nothing, the time between their entries and exits: the part of their cost that lands
     * in their own time.
     */
    long droppedExitNanos() {
        return droppedExitNanos;
    }

    private static long exitDeltas(byte[] events, int length) {
        long exits = 0;
        for (EventWalk walk = new EventWalk(events, length); walk.next(); ) {
            if (walk.kind() == EV_EXIT) {
                exits += walk.delta();
            }
        }
        return exits;
    }
}
