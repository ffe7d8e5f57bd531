package org.profq.event;

import static org.profq.format.RecordingFormat.*;

import java.util.Arrays;

import org.profq.format.Varint;

/**
 * A thread's events as its thread stores them, and their encoding into a batch's bytes: the
 * program's thread writes fixed-width words, and the varints of the log are made when the batch
 * is written, by the writer's thread (or whichever thread writes the batch).
 *
 * <p>An event is a word, then its time delta if the clock moved ({@code TIME_CHANGED}), then one
 * long per field. The word's low byte is the event's tag; for the kinds that are most of a
 * recording (an entry, an object allocation) its upper bits hold the first field too, so that
 * such an event is one store. Encoded, each becomes the tag byte, the delta and the fields as
 * varints, in that order: the bytes the log has always held.
 *
 * <p>An encoder is reused by its one user at a time; it allocates only when a batch outgrows it.
 */
final class RawEvents {
    /** The longest event in words: its word, a delta and four fields. */
    static final int MAX_EVENT_WORDS = 6;

    private byte[] bytes = new byte[0];
    private int length;
    private int count;
    private long lastNanos;

    /** The word of an event of {@code tag} whose first field, an id, it carries ({@link #packsFirstField}). */
    static long word(int tag, int firstField) {
        return (long) firstField << 8 | tag;
    }

    /** The kinds whose word carries their first field. */
    static boolean packsFirstField(int kind) {
        return kind == EV_ENTER || kind == EV_ALLOC || kind == EV_ALLOC_TRACKED;
    }

    /** Encodes the events {@code raw[0, words)} of a batch that began at {@code baseNanos}; then {@link #bytes}, {@link #length}, {@link #count}, {@link #lastNanos}. */
    RawEvents encode(long[] raw, int words, long baseNanos) {
        int most = words * (Varint.MAX_BYTES + 1); // a word with a tag and an id (the id never negative, so at most 6)
        if (bytes.length < most) {
            bytes = Arrays.copyOf(bytes, most);
        }
        byte[] out = bytes;
        int p = 0;
        int events = 0;
        long time = baseNanos;
        int i = 0;
        while (i < words) {
            long word = raw[i++];
            int tag = (int) word & 0xFF;
            out[p++] = (byte) tag;
            if ((tag & TIME_CHANGED) != 0) {
                long delta = raw[i++];
                time += delta;
                p = Varint.put(out, p, delta);
            }
            int kind = tag & KIND_MASK;
            int fields = fieldCount(kind);
            if (packsFirstField(kind)) {
                p = Varint.put(out, p, word >> 8);
                fields--;
            }
            for (; fields > 0; fields--) {
                p = Varint.put(out, p, raw[i++]);
            }
            events++;
        }
        length = p;
        count = events;
        lastNanos = time;
        return this;
    }

    /**
     * For the overhead calibration: the sum of the time deltas of the exits among {@code raw[0, words)}
     * (how far the clock moved between each exit and the event before it).
     */
    static long exitDeltas(long[] raw, int words) {
        long exits = 0;
        int i = 0;
        while (i < words) {
            long word = raw[i++];
            int tag = (int) word & 0xFF;
            long delta = (tag & TIME_CHANGED) != 0 ? raw[i++] : 0;
            int kind = tag & KIND_MASK;
            if (kind == EV_EXIT) {
                exits += delta;
            }
            i += fieldCount(kind) - (packsFirstField(kind) ? 1 : 0);
        }
        return exits;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    /** The events encoded. */
    int count() {
        return count;
    }

    /** The time of the last event encoded (the batch's base if there was none). */
    long lastNanos() {
        return lastNanos;
    }
}
