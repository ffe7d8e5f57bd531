package org.profq.format;

import java.util.zip.CRC32C;

/**
 * The header of a batch document ({@link RecordingFormat#DOC_BATCH}), the one place that knows
 * its layout: the kind byte; the thread id, the batch's sequence number, its base time, the
 * thread's call and object counts at its start, its event count and its last event's time, as
 * varints; then a 4-byte little-endian CRC32C of everything in the document after the kind byte
 * except those four bytes. The checksum sits before the events so that the writer can append
 * them straight from a thread's buffer.
 *
 * <p>One instance is reused by its owner and never shared: the recorder {@link #write}s a
 * header per batch without allocating; a reader {@link #read}s one per batch document and then
 * decodes the events from {@link #eventsOffset()}.
 */
public final class BatchHeader {
    /** The longest header: the kind byte, seven varints and the checksum. */
    private static final int MAX_BYTES = 1 + 7 * Varint.MAX_BYTES + RecordingFormat.CHECKSUM_BYTES;

    private final byte[] bytes = new byte[MAX_BYTES];
    private final CRC32C crc = new CRC32C();
    private final ByteCursor cursor = new ByteCursor();
    private int length;
    private int checksumAt;
    private int threadId;
    private long sequence;
    private long baseNanos;
    private long firstCallSequence;
    private long firstObjectSequence;
    private long eventCount;
    private long lastNanos;

    /**
     * Makes this the header of a batch of {@code events[0, eventsLength)}, its checksum included;
     * the document is then {@code bytes()[0, length())} followed by those events.
     */
    public BatchHeader write(int threadId, long sequence, long baseNanos, long firstCallSequence,
                             long firstObjectSequence, long eventCount, long lastNanos, byte[] events, int eventsLength) {
        int at = 0;
        bytes[at++] = RecordingFormat.DOC_BATCH;
        at = Varint.put(bytes, at, threadId);
        at = Varint.put(bytes, at, sequence);
        at = Varint.put(bytes, at, baseNanos);
        at = Varint.put(bytes, at, firstCallSequence);
        at = Varint.put(bytes, at, firstObjectSequence);
        at = Varint.put(bytes, at, eventCount);
        at = Varint.put(bytes, at, lastNanos);
        crc.reset();
        crc.update(bytes, 1, at - 1);
        crc.update(events, 0, eventsLength);
        int checksum = (int) crc.getValue();
        for (int shift = 0; shift < 32; shift += 8) {
            bytes[at++] = (byte) (checksum >>> shift);
        }
        length = at;
        return this;
    }

    /** The header {@link #write} made: {@code bytes()[0, length())}. */
    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return length;
    }

    /**
     * Reads the header of the batch document {@code document[0, documentLength)}; a header cut
     * short throws {@link ByteCursor.MalformedRecordException}. The checksum is not verified
     * here: see {@link #checksumMatches}.
     */
    public BatchHeader read(byte[] document, int documentLength) {
        cursor.reset(document, 1, documentLength);
        threadId = cursor.readInt();
        sequence = cursor.readVarint();
        baseNanos = cursor.readVarint();
        firstCallSequence = cursor.readVarint();
        firstObjectSequence = cursor.readVarint();
        eventCount = cursor.readVarint();
        lastNanos = cursor.readVarint();
        checksumAt = cursor.position();
        return this;
    }

    /** Whether the document {@link #read} last matches the checksum its header holds. */
    public boolean checksumMatches(byte[] document, int documentLength) {
        int eventsAt = eventsOffset();
        if (eventsAt > documentLength) {
            return false;
        }
        crc.reset();
        crc.update(document, 1, checksumAt - 1);
        crc.update(document, eventsAt, documentLength - eventsAt);
        return (int) crc.getValue() == ByteCursor.int32At(document, checksumAt);
    }

    /** The checksum the header of {@code document}, {@link #read} last and at least {@link #eventsOffset} bytes long, holds. */
    public int checksum(byte[] document) {
        return ByteCursor.int32At(document, checksumAt);
    }

    /** Where the events of the document {@link #read} last begin (after its checksum). */
    public int eventsOffset() {
        return checksumAt + RecordingFormat.CHECKSUM_BYTES;
    }

    public int threadId() {
        return threadId;
    }

    public long sequence() {
        return sequence;
    }

    /** The time the first event's delta counts from: the thread's previous batch's last event time. */
    public long baseNanos() {
        return baseNanos;
    }

    /** The thread's call count when the batch began: its first call's sequence number. */
    public long firstCallSequence() {
        return firstCallSequence;
    }

    /** The thread's allocated-object count when the batch began. */
    public long firstObjectSequence() {
        return firstObjectSequence;
    }

    public long eventCount() {
        return eventCount;
    }

    public long lastNanos() {
        return lastNanos;
    }
}
