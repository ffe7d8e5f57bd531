package org.profq.event;

import java.util.zip.CRC32C;

/**
 * The CRC32C every document carries, so that damage is found before a byte of it is believed.
 * A batch keeps its checksum in its header, before the events, so the events can be appended
 * straight from the thread's buffer; every other document ends with its checksum.
 */
public final class DocumentChecksums {
    private final CRC32C crc = new CRC32C();

    /** The checksum a document other than a batch ends with: of all its bytes before it. */
    public int trailer(byte[] document, int offset, int length) {
        crc.reset();
        crc.update(document, offset, length);
        return (int) crc.getValue();
    }

    /** Whether a document other than a batch, checksum included, matches its checksum. */
    public boolean trailerMatches(byte[] document, int length) {
        if (length < RecordingFormat.CHECKSUM_BYTES + 1) {
            return false;
        }
        int body = length - RecordingFormat.CHECKSUM_BYTES;
        return trailer(document, 0, body) == ByteCursor.int32At(document, body);
    }

    /** A batch's checksum: of its header fields (after the kind byte) and its events. */
    public int batch(byte[] header, int headerLength, byte[] events, int eventsLength) {
        crc.reset();
        crc.update(header, 1, headerLength - 1);
        crc.update(events, 0, eventsLength);
        return (int) crc.getValue();
    }

    /** Whether a batch document matches the checksum it holds at {@code checksumAt}. */
    public boolean batchMatches(byte[] document, int checksumAt, int length) {
        int eventsAt = checksumAt + RecordingFormat.CHECKSUM_BYTES;
        if (eventsAt > length) {
            return false;
        }
        crc.reset();
        crc.update(document, 1, checksumAt - 1);
        crc.update(document, eventsAt, length - eventsAt);
        return (int) crc.getValue() == ByteCursor.int32At(document, checksumAt);
    }
}
