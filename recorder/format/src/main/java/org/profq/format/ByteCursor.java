package org.profq.format;

import java.nio.charset.StandardCharsets;

/** Reads the varints and strings the writer encoded ({@link Varint}, strings as UTF-8 length and bytes). */
public final class ByteCursor {
    private static final int MAX_VARINT_BYTES = 10;
    private byte[] bytes;
    private int position;
    private int limit;

    public ByteCursor reset(byte[] data, int offset, int end) {
        this.bytes = data;
        this.position = offset;
        this.limit = end;
        return this;
    }

    public boolean hasMore() {
        return position < limit;
    }

    public int position() {
        return position;
    }

    public int readByte() {
        require(1);
        return bytes[position++] & 0xFF;
    }

    public long readVarint() {
        if (limit - position >= MAX_VARINT_BYTES) {
            return readVarintUnchecked();
        }
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new MalformedRecordException("a varint longer than 10 bytes at offset " + position);
    }

    /** A varint that cannot run past the limit: no check per byte (most of a batch's varints). */
    private long readVarintUnchecked() {
        byte[] data = bytes;
        int at = position;
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = data[at++];
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                position = at;
                return result;
            }
        }
        throw new MalformedRecordException("a varint longer than 10 bytes at offset " + position);
    }

    public int readInt() {
        long value = readVarint();
        if (value > Integer.MAX_VALUE) {
            throw new MalformedRecordException("value " + value + " too large for an int at offset " + position);
        }
        return (int) value;
    }

    /** Four bytes, little-endian, as {@link DocumentWriter#putInt32} wrote them. */
    public int readInt32() {
        require(4);
        int value = int32At(bytes, position);
        position += 4;
        return value;
    }

    /** The four little-endian bytes at {@code at}, which the caller has checked are there. */
    static int int32At(byte[] bytes, int at) {
        int value = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            value |= (bytes[at++] & 0xFF) << shift;
        }
        return value;
    }

    public byte[] readBytes(int count) {
        require(count);
        byte[] out = new byte[count];
        System.arraycopy(bytes, position, out, 0, count);
        position += count;
        return out;
    }

    public String readString() {
        int length = readInt();
        require(length);
        String value = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return value;
    }

    private void require(int count) {
        if (count < 0 || position + count > limit) {
            throw new MalformedRecordException("document ends early at offset " + position);
        }
    }

    /** A document whose bytes do not follow {@link RecordingFormat}. */
    public static final class MalformedRecordException extends RuntimeException {
        public MalformedRecordException(String message) {
            super(message);
        }
    }
}
