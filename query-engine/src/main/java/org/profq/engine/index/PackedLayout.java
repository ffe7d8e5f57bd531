package org.profq.engine.index;

/**
 * How a column file stores its values: frame-of-reference bit packing in blocks of
 * {@link #BLOCK_ROWS} rows, readable at any row without decoding its neighbours.
 *
 * <pre>
 * data:      per block, byte-aligned: each value minus the block's minimum, in {@code bits} bits,
 *            least significant first (64-bit blocks: plain little-endian longs)
 * padding:   {@link #PADDING_BYTES} zero bytes, so an 8-byte read at any data byte stays in the file
 * directory: per block, 16 bytes: the minimum (long), then (data offset &lt;&lt; 8 | bits) (long)
 * </pre>
 *
 * Ids, times and depths of neighbouring rows are close, so most blocks need a fraction of the
 * 32 or 64 bits a plain column would spend: a call row takes about a third of its fixed width.
 * A block needing more than {@link #MAX_PACKED_BITS} is stored as whole longs, so that every
 * value is one unaligned 8-byte read, a shift and a mask.
 */
final class PackedLayout {
    static final int BLOCK_SHIFT = 10;
    static final int BLOCK_ROWS = 1 << BLOCK_SHIFT;
    static final int MAX_PACKED_BITS = 56;
    static final int DIRECTORY_ENTRY_BYTES = 16;
    static final int PADDING_BYTES = Long.BYTES;

    private PackedLayout() {
    }

    /** The bits a block whose values span the unsigned {@code range} stores each one in: 0–56, or 64. */
    static int bitsFor(long range) {
        int bits = Long.SIZE - Long.numberOfLeadingZeros(range);
        return bits > MAX_PACKED_BITS ? Long.SIZE : bits;
    }

    /** The data bytes of a block of {@code rows} values of {@code bits} bits. */
    static long blockBytes(int bits, int rows) {
        return ((long) rows * bits + Byte.SIZE - 1) / Byte.SIZE;
    }

    static long blocks(long rows) {
        return (rows + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
    }
}
