package org.profq.format;

import java.util.zip.CRC32C;

/**
 * The CRC32C every document other than a batch ends with, so that damage is found before a
 * byte of it is believed. A batch keeps its checksum in its header ({@link BatchHeader}).
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
}
