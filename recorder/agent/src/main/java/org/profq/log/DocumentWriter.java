package org.profq.log;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.profq.format.Varint;

/**
 * Builds one small document (header, dictionary entry, loss record) off the hot path.
 * Reused by its owner; never shared between threads.
 */
public final class DocumentWriter {
    private byte[] bytes = new byte[256];
    private int length;

    public DocumentWriter start(byte documentKind) {
        length = 0;
        return putByte(documentKind);
    }

    public DocumentWriter putByte(int value) {
        ensure(1);
        bytes[length++] = (byte) value;
        return this;
    }

    public DocumentWriter putVarint(long value) {
        ensure(Varint.MAX_BYTES);
        length = Varint.put(bytes, length, value);
        return this;
    }

    /** Four bytes, little-endian: a checksum, which a varint would not give a fixed place. */
    public DocumentWriter putInt32(int value) {
        ensure(4);
        for (int shift = 0; shift < 32; shift += 8) {
            bytes[length++] = (byte) (value >>> shift);
        }
        return this;
    }

    public DocumentWriter putBytes(byte[] data) {
        ensure(data.length);
        System.arraycopy(data, 0, bytes, length, data.length);
        length += data.length;
        return this;
    }

    /** A string as its UTF-8 length and bytes; null is written as the empty string. */
    public DocumentWriter putString(String value) {
        byte[] utf8 = (value == null ? "" : value).getBytes(StandardCharsets.UTF_8);
        putVarint(utf8.length);
        return putBytes(utf8);
    }

    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return length;
    }

    private void ensure(int extra) {
        if (length + extra > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + extra));
        }
    }
}
