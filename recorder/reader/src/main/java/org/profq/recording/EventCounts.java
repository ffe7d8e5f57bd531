package org.profq.recording;

import java.util.Arrays;

/**
 * How many events of each kind a reader decoded from the start of the log up to where it is
 * ({@link EventReader#eventCounts()}): one for each event it passes to an
 * {@link EventVisitor}, so the same as counting {@link RecordedEvent}s by type. A reader that goes
 * on from a {@link ReaderCheckpoint} goes on counting from the checkpoint's counts
 * ({@link ReaderCheckpoint#eventCounts()}), so a consumer that keeps checkpoints (an index) knows
 * the counts of the whole log without reading it again.
 */
public final class EventCounts {
    /** The kinds counted, one per {@link EventVisitor} method (a field write split by whether it is a reference held when followed). */
    public enum Kind {
        CALL_ENTRY, CALL_EXIT, ALLOCATION, DEATH, EXCEPTION, USE, PARAMETER, OBJECT_FOLLOWED,
        /** A {@link RecordedEvent.FieldWrite} of write sequence 0: a reference the object held when it was first followed. */
        REFERENCE_HELD_WHEN_FOLLOWED,
        /** A {@link RecordedEvent.FieldWrite} after the object was followed. */
        WRITE_TO_FOLLOWED_OBJECT,
        REFERENCE_FIELD_READ, CPU_TIME_READING, USER_EVENT;

        private static final Kind[] ALL = values();
    }

    private final long[] counts;

    EventCounts(long[] counts) {
        if (counts.length != Kind.ALL.length) {
            throw new IllegalArgumentException(counts.length + " counts for " + Kind.ALL.length + " kinds");
        }
        this.counts = counts.clone();
    }

    /** The events of {@code kind}. */
    public long of(Kind kind) {
        return counts[kind.ordinal()];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EventCounts that && Arrays.equals(counts, that.counts);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("EventCounts[");
        for (Kind kind : Kind.ALL) {
            text.append(kind == Kind.CALL_ENTRY ? "" : ", ").append(kind).append('=').append(counts[kind.ordinal()]);
        }
        return text.append(']').toString();
    }
}
