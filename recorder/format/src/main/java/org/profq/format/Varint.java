package org.profq.format;

/** Unsigned LEB128 varints written into a byte array: the encoding of every event field. */
public final class Varint {
    /** The most bytes one varint of a long takes. */
    public static final int MAX_BYTES = 10;

    /** Writes {@code value} (treated as unsigned) at {@code position}; returns the next position. */
    public static int put(byte[] buffer, int position, long value) {
        while ((value & ~0x7FL) != 0) {
            buffer[position++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        buffer[position++] = (byte) value;
        return position;
    }

    /** A signed value as an unsigned one whose varint is short when the value is near 0 (ZigZag). */
    public static long zigzag(long value) {
        return (value << 1) ^ (value >> 63);
    }

    /** The signed value {@link #zigzag} encoded. */
    public static long unzigzag(long encoded) {
        return (encoded >>> 1) ^ -(encoded & 1);
    }

    private Varint() {
    }
}
