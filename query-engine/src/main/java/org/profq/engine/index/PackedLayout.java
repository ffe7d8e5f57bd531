package org.profq.engine.index;

/**
 * How a column is stored: frame-of-reference bit packing in blocks of {@link #BLOCK_ROWS} rows,
 * readable at any row without decoding its neighbours, in two files that only grow, so that an
 * index can be extended as its recording grows without changing a byte a reader may have mapped.
 *
 * <pre>
 * &lt;table&gt;.&lt;column&gt;          the data file:
 *   blocks:      per block, byte-aligned: each value minus the block's minimum, in {@code bits} bits,
 *                least significant first (64-bit blocks: plain little-endian longs)
 *   padding:     {@link #PADDING_BYTES} zero bytes after the last block, so an 8-byte read at any data byte stays in the file
 *   tail entries: the directory entries of the tail blocks (below)
 * &lt;table&gt;.&lt;column&gt;.blocks   the directory of the sealed blocks: an entry per block, in block order
 * entry:         24 bytes: the minimum (long), (data offset &lt;&lt; 8 | bits) (long), the block's CRC32C (long)
 * </pre>
 *
 * A block is <em>sealed</em> when its rows can never change: every block but the last, partly
 * filled one, and (in {@code calls}) but those holding calls still open at the end of the log,
 * which are written again, ending, when the index is extended. Those last blocks are the
 * <em>tail</em>. The sealed blocks' entries are appended to the {@code .blocks} file; the tail's
 * are written after the data, and the manifest says where the file ends ({@link ColumnExtent}).
 * An extension appends its blocks after that end (the old tail, padding and tail entries stay
 * there, unread) and its sealed entries to the {@code .blocks} file, and the new manifest, written
 * last, makes them part of the column: until it is in place, the old one describes a column whose
 * every byte is unchanged.
 *
 * <p>Each entry's CRC32C covers its block's data, its minimum and layout and the previous entry's
 * CRC32C, so the last sealed entry's vouches for every sealed block and their order; the manifest
 * keeps it, and the CRC32C of the tail (that one, then the data file from the first tail block to
 * its end). An extension continues the chain from the manifest's value: it never reads the file back.
 *
 * <p>Ids, times and depths of neighbouring rows are close, so most blocks need a fraction of the
 * 32 or 64 bits a plain column would spend: a call row takes about a third of its fixed width.
 * A block needing more than {@link #MAX_PACKED_BITS} is stored as whole longs, so that every
 * value is one unaligned 8-byte read, a shift and a mask.
 */
final class PackedLayout {
    static final int BLOCK_SHIFT = 10;
    static final int BLOCK_ROWS = 1 << BLOCK_SHIFT;
    static final int MAX_PACKED_BITS = 56;
    static final int DIRECTORY_ENTRY_BYTES = 24;
    static final int PADDING_BYTES = Long.BYTES;
    static final String DIRECTORY_SUFFIX = ".blocks";

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
