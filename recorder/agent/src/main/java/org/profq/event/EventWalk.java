package org.profq.event;

import static org.profq.format.RecordingFormat.KIND_MASK;
import static org.profq.format.RecordingFormat.TIME_CHANGED;
import static org.profq.format.RecordingFormat.fieldCount;

import org.profq.format.ByteCursor;

/** Walks a thread's encoded events one by one, off the hot path: each event's kind and time delta. */
final class EventWalk {
    private final ByteCursor cursor;
    private int kind;
    private long delta;

    /** A walk over {@code events[0, length)}. */
    EventWalk(byte[] events, int length) {
        cursor = new ByteCursor().reset(events, 0, length);
    }

    /** Steps to the next event; false after the last. */
    boolean next() {
        if (!cursor.hasMore()) {
            return false;
        }
        int tag = cursor.readByte();
        delta = (tag & TIME_CHANGED) != 0 ? cursor.readVarint() : 0;
        kind = tag & KIND_MASK;
        for (int field = fieldCount(kind); field > 0; field--) {
            cursor.readVarint();
        }
        return true;
    }

    int kind() {
        return kind;
    }

    /** How far the clock moved from the event before (0: the same tick). */
    long delta() {
        return delta;
    }
}
