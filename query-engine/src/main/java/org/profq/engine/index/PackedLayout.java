package org.profq.engine.index;

/**
 * How a column is stored: blocks of {@link #BLOCK_ROWS} rows, each encoded for what it holds,
 * readable at any row without decoding its neighbours, in two files that only grow, so that an
 * index can be extended as its recording grows without changing a byte a reader may have mapped.
 *
 * <pre>
 * &lt;table&gt;.&lt;column&gt;          the data file:
 *   blocks:      per block, byte-aligned, in one of the encodings below
 *   padding:     {@link #PADDING_BYTES} zero bytes after the last block, so an 8-byte read at any data byte stays in the file
 *   tail entries: the directory entries of the tail blocks (below)
 * &lt;table&gt;.&lt;column&gt;.blocks   the directory of the sealed blocks: an entry per block, in block order
 * entry:         24 bytes: the base (long), (data offset &lt;&lt; 16 | encoding &lt;&lt; 8 | bits) (long), the block's CRC32C (long)
 * </pre>
 *
 * A block's entry says all there is to know to find and decode it. Packed values are
 * {@code bits} wide (0–56, or 64: whole longs, so that every value is one unaligned 8-byte read,
 * a shift and a mask), least significant first. The encodings, for row {@code i} of a block:
 * <ul>
 * <li>{@link #FRAME}: {@code base + packed[i]}: the block's minimum and each value's difference
 *     from it. A constant block is 0 bits: thread ids, depths and flags in runs cost nothing.</li>
 * <li>{@link #LINEAR}: the data begins with a slope (long, in 1/2^16 steps);
 *     {@code base + (slope * i >> 16) + packed[i]}.
 *     Ids that grow by one are 0 bits; ids handed out in entry order and written as calls end,
 *     and times that rise, keep only their wobble around the line.</li>
 * <li>{@link #DICTIONARY}: the data begins with a count (byte) and that many values (longs);
 *     {@code value[packed[i]]}. Times under the tick clock repeat: a block holds a handful of
 *     ticks, a bit or two a row.</li>
 * <li>{@link #PATCHED} added to {@code FRAME} or {@code LINEAR}: the rows that would widen the
 *     block (a parent among its children, a long call among short ones) are exceptions, stored
 *     after the packed values: their count (unsigned short); their rows, as a list of unsigned
 *     shorts when there are at most {@link #MAX_LISTED_EXCEPTIONS}, else as a bitmap of
 *     {@link #BLOCK_ROWS} bits; then their own minimum (long), width (byte) and packed
 *     differences, in row order. An exception's row in the packed values holds nothing.</li>
 * </ul>
 * The writer ({@link BlockEncoder}) tries each and keeps the smallest; all arithmetic wraps, as
 * Java's longs do, so any long round-trips in any encoding.
 *
 * <p>A block is <em>sealed</em> when its rows can never change: every block but the last, partly
 * filled one, and (in {@code calls}) but those holding calls still open at the end of the log,
 * which are written again, ending, when the index is extended. Those last blocks are the
 * <em>tail</em>. The sealed blocks' entries are appended to the {@code .blocks} file; the tail's
 * are written after the data, and the manifest says where the file ends ({@link ColumnExtent}).
 * An extension appends its blocks after that end (the old tail, padding and tail entries stay
 * there, unread) and its sealed entries to the {@code .blocks} file, and the new manifest, written
 * last, makes them part of the column: until it is in place, the old one describes a column whose
 * every byte is unchanged.
 *
 * <p>Each entry's CRC32C covers its block's data, its base and layout and the previous entry's
 * CRC32C, so the last sealed entry's vouches for every sealed block and their order; the manifest
 * keeps it, and the CRC32C of the tail (that one, then the data file from the first tail block to
 * its end). An extension continues the chain from the manifest's value: it never reads the file back.
 */
final class PackedLayout {
    static final int BLOCK_SHIFT = 10;
    static final int BLOCK_ROWS = 1 << BLOCK_SHIFT;
    static final int MAX_PACKED_BITS = 56;
    static final int DIRECTORY_ENTRY_BYTES = 24;
    static final int PADDING_BYTES = Long.BYTES;
    static final String DIRECTORY_SUFFIX = ".blocks";

    /** Encodings, the second byte of a directory entry's layout. */
    static final int FRAME = 0;
    static final int LINEAR = 1;
    static final int DICTIONARY = 2;
    static final int PATCHED = 4;
    static final int MAX_DICTIONARY = 16;
    /** A {@code LINEAR} block's slope is a fixed-point number: ids that grow by 11 every 4 rows are a line too. */
    static final int SLOPE_FRACTION_BITS = 16;
    static final int MAX_LISTED_EXCEPTIONS = BLOCK_ROWS / Short.SIZE;
    static final int BITMAP_BYTES = BLOCK_ROWS / Byte.SIZE;
    /** The bytes of an exception list's fixed part: count, minimum, width. */
    static final int EXCEPTION_HEADER_BYTES = Short.BYTES + Long.BYTES + 1;

    private PackedLayout() {
    }

    /** The bits a block whose values span the unsigned {@code range} stores each one in: 0–56, or 64. */
    static int bitsFor(long range) {
        int bits = Long.SIZE - Long.numberOfLeadingZeros(range);
        return bits > MAX_PACKED_BITS ? Long.SIZE : bits;
    }

    /** The data bytes of {@code rows} values of {@code bits} bits. */
    static long blockBytes(int bits, int rows) {
        return ((long) rows * bits + Byte.SIZE - 1) / Byte.SIZE;
    }

    /** The bytes that say which rows of a block are its {@code exceptions}. */
    static int exceptionRowBytes(int exceptions) {
        return exceptions <= MAX_LISTED_EXCEPTIONS ? exceptions * Short.BYTES : BITMAP_BYTES;
    }

    static boolean validEncoding(int encoding) {
        return encoding == FRAME || encoding == LINEAR || encoding == DICTIONARY
                || encoding == (FRAME | PATCHED) || encoding == (LINEAR | PATCHED);
    }

    static boolean validBits(int bits) {
        return bits >= 0 && bits <= MAX_PACKED_BITS || bits == Long.SIZE;
    }

    static long layout(long dataOffset, int encoding, int bits) {
        return dataOffset << 16 | encoding << 8 | bits;
    }

    static long dataOffset(long layout) {
        return layout >>> 16;
    }

    static int encoding(long layout) {
        return (int) (layout >>> 8) & 0xFF;
    }

    static int bits(long layout) {
        return (int) layout & 0xFF;
    }

    /** The line of {@code slope} (in 1/2^{@link #SLOPE_FRACTION_BITS} steps) at row {@code row} of a block. */
    static long lineAt(long slope, int row) {
        return slope * row >> SLOPE_FRACTION_BITS;
    }

    static long blocks(long rows) {
        return (rows + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
    }
}
