package org.profq.engine.index;

import static org.profq.engine.index.PackedLayout.*;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * One column of the index, memory-mapped read-only: {@code rows} values in the
 * {@link PackedLayout}, read as longs, ints or bytes as the column's type says. A file can be
 * larger than one mapping (2 GiB), so it is mapped in 1 GiB chunks that overlap by 8 bytes, so
 * that every 8-byte read falls inside one chunk; the operating system pages it in as a scan
 * reads it, so a column larger than the heap costs no heap. Only the extent its manifest gives
 * is mapped: bytes an extension is appending are not read. Mapping it checks its length and,
 * once per process ({@link VerifiedColumnFiles}), every block's CRC32C ({@link ColumnChecksums}), the chain of them and
 * the tail's against the manifest's, and its block directory: the index maps a column when a
 * query first reads it, so a query checks the columns it reads and no others.
 */
public final class MappedColumn {
    /** Rows are read in blocks of {@code 1 << BLOCK_SHIFT} ({@link Cursor#block}): all but a column's last are full. */
    public static final int BLOCK_SHIFT = PackedLayout.BLOCK_SHIFT;
    public static final int BLOCK_ROWS = PackedLayout.BLOCK_ROWS;

    private static final VarHandle LITTLE_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LITTLE_ENDIAN_SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int CHUNK_SHIFT = 30;
    private static final long CHUNK_MASK = (1L << CHUNK_SHIFT) - 1;
    private static final MappedByteBuffer[] NO_CHUNKS = new MappedByteBuffer[0];

    private final Path file;
    /** The {@code .blocks} file, named in messages about a sealed block's entry. */
    private final Path directoryFile;
    private final BasicFileAttributes mapped;
    /** The {@code .blocks} file as mapped; null when it was not (no sealed blocks). */
    private BasicFileAttributes mappedDirectory;
    private final long rows;
    /** Blocks whose entries are in the {@code .blocks} file; the later ones' are in the data file, from {@link #tailEntriesAt}. */
    private final long sealedBlocks;
    private final long tailEntriesAt;
    private final MappedByteBuffer[] chunks;
    private final MappedByteBuffer[] directory;

    private MappedColumn(Path file, BasicFileAttributes mapped, ColumnExtent extent, MappedByteBuffer[] chunks,
                         MappedByteBuffer[] directory) {
        this.file = file;
        this.directoryFile = file == null ? null : file.resolveSibling(file.getFileName() + DIRECTORY_SUFFIX);
        this.mapped = mapped;
        this.rows = extent.rows();
        this.sealedBlocks = extent.sealedBlocks();
        this.tailEntriesAt = extent.tailEntriesAt();
        this.chunks = chunks;
        this.directory = directory;
    }

    /** A column of no rows and no file: what planning, which reads no values, reads a table's columns as. */
    static MappedColumn none() {
        return new MappedColumn(null, null, ColumnExtent.NONE, NO_CHUNKS, NO_CHUNKS);
    }

    /**
     * Maps {@code file} as its manifest's {@code extent} says; it is damaged unless it holds
     * that, checksums and all.
     */
    static MappedColumn map(Path file, ColumnExtent extent) throws IOException {
        return map(file, extent, false);
    }

    /**
     * Maps {@code file} as {@code extent} says, checking its tail alone (its blocks' layout and
     * CRC32C): for the rows an extension writes again, read once, in the process that built them.
     */
    static MappedColumn mapForExtension(Path file, ColumnExtent extent) throws IOException {
        return map(file, extent, true);
    }

    private static MappedColumn map(Path file, ColumnExtent extent, boolean tailOnly) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        long size = attributes.size();
        long rows = extent.rows();
        if (rows < 0 || rows > Long.MAX_VALUE / 2 || extent.sealedRows() < 0 || extent.sealedRows() > rows
                || (extent.sealedRows() & (BLOCK_ROWS - 1)) != 0 || extent.tailEntriesAt() < PADDING_BYTES || size < extent.bytes()) {
            throw new IndexDamagedException(file + " has " + size + " bytes, too few for the manifest's " + rows + " rows");
        }
        Path directoryFile = file.resolveSibling(file.getFileName() + DIRECTORY_SUFFIX);
        long directoryBytes = extent.sealedBlocks() * DIRECTORY_ENTRY_BYTES;
        MappedByteBuffer[] chunks = mapChunks(file, extent.bytes());
        MappedByteBuffer[] directory = NO_CHUNKS;
        if (directoryBytes > 0) {
            if (!Files.isRegularFile(directoryFile) || Files.size(directoryFile) < directoryBytes) {
                throw new IndexDamagedException(directoryFile + " has too few bytes for the manifest's " + extent.sealedBlocks()
                        + " sealed blocks");
            }
            directory = mapChunks(directoryFile, directoryBytes);
        }
        MappedColumn column = new MappedColumn(file, attributes, extent, chunks, directory);
        if (directoryBytes > 0) {
            column.mappedDirectory = Files.readAttributes(directoryFile, BasicFileAttributes.class);
        }
        if (tailOnly) {
            ColumnChecksums.check(column, extent, extent.sealedBlocks(), extent.sealedChecksum());
        } else if (!VerifiedColumnFiles.verified(file, attributes, extent)) {
            // A column that grew since this process checked it is checked from the first block it
            // did not check, if the entry before it still holds the CRC32C that ended that check.
            ColumnExtent checked = VerifiedColumnFiles.checkedBefore(file, attributes);
            long from = 0;
            long chain = 0;
            if (checked != null && checked.sealedBlocks() > 0 && checked.sealedBlocks() <= extent.sealedBlocks()
                    && column.entryField(checked.sealedBlocks() - 1, 2) == checked.sealedChecksum()) {
                from = checked.sealedBlocks();
                chain = checked.sealedChecksum();
            }
            ColumnChecksums.check(column, extent, from, chain);
            VerifiedColumnFiles.remember(file, attributes, extent);
        }
        return column;
    }

    private static MappedByteBuffer[] mapChunks(Path file, long size) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer[] chunks = new MappedByteBuffer[(int) ((size + CHUNK_MASK) >>> CHUNK_SHIFT)];
            for (int chunk = 0; chunk < chunks.length; chunk++) {
                long start = (long) chunk << CHUNK_SHIFT;
                chunks[chunk] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(CHUNK_MASK + 1 + Long.BYTES, size - start));
                chunks[chunk].order(ByteOrder.LITTLE_ENDIAN);
            }
            return chunks;
        }
    }

    /** Adds the data file's bytes {@code [position, position + length)} to {@code crc}. */
    void update(CRC32C crc, long position, long length) {
        while (length > 0) {
            MappedByteBuffer chunk = chunks[(int) (position >>> CHUNK_SHIFT)];
            int offset = (int) (position & CHUNK_MASK);
            int part = (int) Math.min(length, Math.min(CHUNK_MASK + 1, chunk.capacity()) - offset);
            crc.update(chunk.duplicate().position(offset).limit(offset + part));
            position += part;
            length -= part;
        }
    }

    /** The data bytes of a block of {@code count} rows as its header says, or -1 if no writer makes it. */
    long blockLength(long layout, int count) {
        int encoding = encoding(layout);
        int bits = bits(layout);
        if (!validEncoding(encoding) || !validBits(bits)) {
            return -1;
        }
        long start = dataOffset(layout);
        long at = start;
        if ((encoding & ~PATCHED) == LINEAR) {
            at += Long.BYTES;
        } else if (encoding == DICTIONARY) {
            int entries = byteAt(at);
            if (entries == 0 || entries > MAX_DICTIONARY || bits != bitsFor(entries - 1)) {
                return -1;
            }
            at += 1 + (long) entries * Long.BYTES;
        }
        at += blockBytes(bits, count);
        if ((encoding & PATCHED) != 0) {
            if (at + EXCEPTION_HEADER_BYTES > tailEntriesAt) {
                return -1;
            }
            int exceptions = shortAt(at);
            if (exceptions == 0 || exceptions > count) {
                return -1;
            }
            at += Short.BYTES + exceptionRowBytes(exceptions);
            if (at + Long.BYTES + 1 > tailEntriesAt) {
                return -1;
            }
            int exceptionBits = byteAt(at + Long.BYTES);
            if (!validBits(exceptionBits)) {
                return -1;
            }
            at += Long.BYTES + 1 + blockBytes(exceptionBits, exceptions);
        }
        return at - start;
    }

    /**
     * Whether block {@code block} may hold a value in {@code [low, high]}: false only when its
     * directory entry (and a dictionary's values) prove that none of its values is, so a scan
     * with a filter on the column need not decode it. A frame holds {@code [base, base + 2^bits)},
     * a line that range moved along its slope, a dictionary its values; a patched block (values
     * outside its frame) or one whose range wraps may hold anything.
     */
    public boolean mayHold(long block, long low, long high) {
        long layout = entryField(block, 1);
        int encoding = encoding(layout);
        int bits = bits(layout);
        long base = entryField(block, 0);
        if (encoding == DICTIONARY) {
            long at = dataOffset(layout);
            int entries = byteAt(at);
            for (int e = 0; e < entries; e++) {
                long value = longAt(at + 1 + (long) e * Long.BYTES);
                if (value >= low && value <= high) {
                    return true;
                }
            }
            return false;
        }
        if ((encoding != FRAME && encoding != LINEAR) || bits > MAX_PACKED_BITS) {
            return true;
        }
        long least = base;
        long most = base;
        if (encoding == LINEAR) {
            long end;
            try {
                end = Math.multiplyExact(longAt(dataOffset(layout)), rowsIn(block) - 1L) >> SLOPE_FRACTION_BITS;
            } catch (ArithmeticException wraps) {
                return true; // the line's last row wraps: its range is not known
            }
            least = end < 0 ? base + end : base;
            most = end > 0 ? base + end : base;
            if (end < 0 ? least > base : most < base) {
                return true; // the line wraps
            }
        }
        long top = most + ((1L << bits) - 1);
        if (top < most) {
            return true; // the frame wraps
        }
        return top >= low && least <= high;
    }

    /** The rows of block {@code block}: all but the last are full. */
    int rowsIn(long block) {
        return (int) Math.min(BLOCK_ROWS, rows - (block << BLOCK_SHIFT));
    }

    /**
     * Field {@code field} (0 the base, 1 the layout, 2 the CRC32C) of block {@code block}'s
     * directory entry: in the {@code .blocks} file for a sealed block, after the data for the tail's.
     */
    long entryField(long block, int field) {
        return block < sealedBlocks ? longAt(directory, block * DIRECTORY_ENTRY_BYTES + field * Long.BYTES)
                : longAt(chunks, tailEntriesAt + (block - sealedBlocks) * DIRECTORY_ENTRY_BYTES + field * Long.BYTES);
    }

    /**
     * Whether the file is still the one that was mapped and verified, as far as its identity,
     * size and modification time tell (a stat, no reading): a file damaged or replaced since
     * must not be read through this mapping.
     */
    boolean unchangedOnDisk() {
        return unchanged(file, mapped) && (mappedDirectory == null || unchanged(directoryFile, mappedDirectory));
    }

    /** Whether {@code file} is still as {@code mapped} describes it: identity, size and modification time (a stat). */
    static boolean unchanged(Path file, BasicFileAttributes mapped) {
        try {
            BasicFileAttributes now = Files.readAttributes(file, BasicFileAttributes.class);
            return Objects.equals(mapped.fileKey(), now.fileKey()) && mapped.size() == now.size()
                    && mapped.lastModifiedTime().equals(now.lastModifiedTime());
        } catch (IOException gone) {
            return false;
        }
    }

    public long rows() {
        return rows;
    }

    Path file() {
        return file;
    }

    Path directoryFile() {
        return directoryFile;
    }

    long sealedBlocks() {
        return sealedBlocks;
    }

    long tailEntriesAt() {
        return tailEntriesAt;
    }

    /** The value at {@code row}, read where it is: for random access (a scan reads through a {@link Cursor}). */
    public long getLong(long row) {
        long block = row >>> BLOCK_SHIFT;
        long base = entryField(block, 0);
        long layout = entryField(block, 1);
        int encoding = encoding(layout);
        int bits = bits(layout);
        long at = dataOffset(layout);
        int index = (int) row & (BLOCK_ROWS - 1);
        long slope = 0;
        if (encoding == DICTIONARY) {
            int entries = byteAt(at);
            return longAt(at + 1 + Long.BYTES * packedAt(at + 1 + (long) entries * Long.BYTES, bits, index));
        } else if ((encoding & ~PATCHED) == LINEAR) {
            slope = longAt(at);
            at += Long.BYTES;
        }
        if ((encoding & PATCHED) != 0) {
            long exceptionsAt = at + blockBytes(bits, rowsIn(row >>> BLOCK_SHIFT));
            int exceptions = shortAt(exceptionsAt);
            int exception = exceptionIndex(exceptionsAt + Short.BYTES, exceptions, index);
            if (exception >= 0) {
                long valuesAt = exceptionsAt + Short.BYTES + exceptionRowBytes(exceptions);
                return longAt(valuesAt) + packedAt(valuesAt + Long.BYTES + 1, byteAt(valuesAt + Long.BYTES), exception);
            }
        }
        return base + lineAt(slope, index) + packedAt(at, bits, index);
    }

    /** Which of a block's exceptions, whose rows are listed or mapped at {@code rowsAt}, row {@code index} is; -1 if none. */
    private int exceptionIndex(long rowsAt, int exceptions, int index) {
        if (exceptions <= MAX_LISTED_EXCEPTIONS) {
            int low = 0;
            int high = exceptions - 1;
            while (low <= high) {
                int middle = (low + high) >>> 1;
                int listed = shortAt(rowsAt + (long) middle * Short.BYTES);
                if (listed < index) {
                    low = middle + 1;
                } else if (listed > index) {
                    high = middle - 1;
                } else {
                    return middle;
                }
            }
            return -1;
        }
        long word = longAt(rowsAt + (index >>> 6) * Long.BYTES);
        if ((word >>> (index & 63) & 1) == 0) {
            return -1;
        }
        int before = Long.bitCount(word & ((1L << (index & 63)) - 1));
        for (int earlier = 0; earlier < index >>> 6; earlier++) {
            before += Long.bitCount(longAt(rowsAt + earlier * Long.BYTES));
        }
        return before;
    }

    /** Value {@code index} of those packed in {@code bits} bits from {@code at}. */
    private long packedAt(long at, int bits, int index) {
        if (bits == Long.SIZE) {
            return longAt(at + ((long) index << 3));
        }
        long bit = (long) index * bits;
        return (longAt(at + (bit >>> 3)) >>> (bit & 7)) & ((1L << bits) - 1);
    }

    public int getInt(long row) {
        return (int) getLong(row);
    }

    /** A reader of this column for one scan, on one thread: it decodes a block at a time. */
    public Cursor cursor() {
        return new Cursor();
    }

    /**
     * Reads a column a block at a time: the first read in a block decodes all of its values
     * into an array, so a scan pays for the directory and the bit arithmetic once per block
     * instead of once per value. Not for sharing between threads.
     */
    public final class Cursor {
        private final long[] values = new long[BLOCK_ROWS];
        private final long[] dictionary = new long[MAX_DICTIONARY];
        private final byte[] bytes = new byte[BlockEncoder.MAX_BLOCK_BYTES + Long.BYTES];
        private long block = -1;

        public long get(long row) {
            long wanted = row >>> BLOCK_SHIFT;
            if (wanted != block) {
                load(wanted);
            }
            return values[(int) row & (BLOCK_ROWS - 1)];
        }

        /** As {@link MappedColumn#mayHold}: whether block {@code block} may hold a value in {@code [low, high]}. */
        public boolean mayHold(long block, long low, long high) {
            return MappedColumn.this.mayHold(block, low, high);
        }

        /**
         * The values of block {@code wanted} (rows {@code wanted << BLOCK_SHIFT} on, as many as
         * the column has there), in an array the cursor owns and overwrites when it reads another block.
         */
        public long[] block(long wanted) {
            if (wanted != block) {
                load(wanted);
            }
            return values;
        }

        private void load(long wanted) {
            long base = entryField(wanted, 0);
            long layout = entryField(wanted, 1);
            int encoding = encoding(layout);
            int bits = bits(layout);
            int count = rowsIn(wanted);
            block = -1;
            if (encoding == FRAME && bits == 0) {
                Arrays.fill(values, 0, count, base);
                block = wanted;
                return;
            }
            // The block's bytes, and the 7 after them an 8-byte read of its last value touches
            // (the padding guarantees them), copied out of the mapping in one go: reading the copy
            // costs no bounds and liveness checks per value, as the mapped buffer's reads do.
            long start = dataOffset(layout);
            long end = start + blockLength(layout, count);
            copyOut(start, (int) (end - start) + Long.BYTES - 1);
            int at = 0;
            switch (encoding & ~PATCHED) {
                case FRAME -> unpack(at, bits, count, base);
                case LINEAR -> {
                    long slope = (long) LITTLE_ENDIAN_LONGS.get(bytes, 0);
                    at = Long.BYTES;
                    unpackLine(at, bits, count, base, slope);
                }
                default -> {
                    int entries = bytes[0] & 0xFF;
                    for (int e = 0; e < entries; e++) {
                        dictionary[e] = (long) LITTLE_ENDIAN_LONGS.get(bytes, 1 + e * Long.BYTES);
                    }
                    at = 1 + entries * Long.BYTES;
                    unpack(at, bits, count, 0);
                    for (int i = 0; i < count; i++) {
                        values[i] = dictionary[(int) values[i]];
                    }
                }
            }
            if ((encoding & PATCHED) != 0) {
                patch(at + (int) PackedLayout.blockBytes(bits, count));
            }
            block = wanted;
        }

        /** values[i] = base + packed[i], from {@code bytes[at]}. */
        private void unpack(int at, int bits, int count, long base) {
            if (bits == Long.SIZE) {
                for (int i = 0; i < count; i++) {
                    values[i] = base + (long) LITTLE_ENDIAN_LONGS.get(bytes, at + (i << 3));
                }
            } else if (bits == 0) {
                Arrays.fill(values, 0, count, base);
            } else {
                long mask = (1L << bits) - 1;
                long bit = (long) at << 3;
                for (int i = 0; i < count; i++, bit += bits) {
                    values[i] = base + (((long) LITTLE_ENDIAN_LONGS.get(bytes, (int) (bit >>> 3)) >>> (bit & 7)) & mask);
                }
            }
        }

        /** values[i] = base + (slope * i >> 16) + packed[i], from {@code bytes[at]}. */
        private void unpackLine(int at, int bits, int count, long base, long slope) {
            long line = 0;
            if (bits == Long.SIZE) {
                for (int i = 0; i < count; i++, line += slope) {
                    values[i] = base + (line >> SLOPE_FRACTION_BITS) + (long) LITTLE_ENDIAN_LONGS.get(bytes, at + (i << 3));
                }
            } else if (bits == 0) {
                for (int i = 0; i < count; i++, line += slope) {
                    values[i] = base + (line >> SLOPE_FRACTION_BITS);
                }
            } else {
                long mask = (1L << bits) - 1;
                long bit = (long) at << 3;
                for (int i = 0; i < count; i++, bit += bits, line += slope) {
                    values[i] = base + (line >> SLOPE_FRACTION_BITS)
                            + (((long) LITTLE_ENDIAN_LONGS.get(bytes, (int) (bit >>> 3)) >>> (bit & 7)) & mask);
                }
            }
        }

        /** Puts the exceptions stored at {@code bytes[at]} into their rows. */
        private void patch(int at) {
            int exceptions = (short) LITTLE_ENDIAN_SHORTS.get(bytes, at) & 0xFFFF;
            int rowsAt = at + Short.BYTES;
            int valuesAt = rowsAt + exceptionRowBytes(exceptions);
            long minimum = (long) LITTLE_ENDIAN_LONGS.get(bytes, valuesAt);
            int bits = bytes[valuesAt + Long.BYTES] & 0xFF;
            long bit = (long) (valuesAt + Long.BYTES + 1) << 3;
            long mask = bits == Long.SIZE ? -1L : (1L << bits) - 1;
            if (exceptions <= MAX_LISTED_EXCEPTIONS) {
                for (int e = 0; e < exceptions; e++, bit += bits) {
                    int row = (short) LITTLE_ENDIAN_SHORTS.get(bytes, rowsAt + e * Short.BYTES) & 0xFFFF;
                    values[row] = minimum + packed(bit, bits, mask);
                }
            } else {
                for (int word = 0; word < BITMAP_BYTES / Long.BYTES; word++) {
                    for (long rows = (long) LITTLE_ENDIAN_LONGS.get(bytes, rowsAt + word * Long.BYTES); rows != 0; rows &= rows - 1) {
                        values[word << 6 | Long.numberOfTrailingZeros(rows)] = minimum + packed(bit, bits, mask);
                        bit += bits;
                    }
                }
            }
        }

        /** The value of {@code bits} bits (0–56, or 64) at bit {@code bit} of {@link #bytes}. */
        private long packed(long bit, int bits, long mask) {
            if (bits == Long.SIZE) {
                return (long) LITTLE_ENDIAN_LONGS.get(bytes, (int) (bit >>> 3));
            }
            return ((long) LITTLE_ENDIAN_LONGS.get(bytes, (int) (bit >>> 3)) >>> (bit & 7)) & mask;
        }

        /** Copies {@code length} bytes of the file from {@code position} into {@link #bytes}, from two chunks when a 1 GiB boundary falls inside. */
        private void copyOut(long position, int length) {
            int copied = 0;
            while (copied < length) {
                long at = position + copied;
                MappedByteBuffer chunk = chunks[(int) (at >>> CHUNK_SHIFT)];
                int offset = (int) (at & CHUNK_MASK);
                int part = Math.min(length - copied, chunk.capacity() - offset);
                chunk.get(offset, bytes, copied, part);
                copied += part;
            }
        }
    }

    public byte getByte(long row) {
        return (byte) getLong(row);
    }

    private long longAt(long position) {
        return longAt(chunks, position);
    }

    private static long longAt(MappedByteBuffer[] chunks, long position) {
        return chunks[(int) (position >>> CHUNK_SHIFT)].getLong((int) (position & CHUNK_MASK));
    }

    private int shortAt(long position) {
        return chunks[(int) (position >>> CHUNK_SHIFT)].getShort((int) (position & CHUNK_MASK)) & 0xFFFF;
    }

    private int byteAt(long position) {
        return chunks[(int) (position >>> CHUNK_SHIFT)].get((int) (position & CHUNK_MASK)) & 0xFF;
    }
}
