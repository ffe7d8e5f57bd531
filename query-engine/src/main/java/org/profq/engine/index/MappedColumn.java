package org.profq.engine.index;

import static org.profq.engine.index.PackedLayout.*;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
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
 * once per process ({@link VerifiedColumnFiles}), every block's CRC32C, the chain of them and
 * the tail's against the manifest's, and its block directory: the index maps a column when a
 * query first reads it, so a query checks the columns it reads and no others.
 */
public final class MappedColumn {
    /** Rows are read in blocks of {@code 1 << BLOCK_SHIFT} ({@link Cursor#block}): all but a column's last are full. */
    public static final int BLOCK_SHIFT = PackedLayout.BLOCK_SHIFT;
    public static final int BLOCK_ROWS = PackedLayout.BLOCK_ROWS;

    private static final VarHandle LITTLE_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
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
            column.check(extent, extent.sealedBlocks(), extent.sealedChecksum());
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
            column.check(extent, from, chain);
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

    /**
     * Checks the blocks from {@code firstBlock} (0, the first not checked before, or the first
     * of the tail), the entry before which has the CRC32C {@code chainBefore}: each one's data
     * must come after the previous one's, in a width the layout allows, before the padding, and
     * match its entry's CRC32C, which chains to the previous entry's; the last sealed entry's must
     * be the manifest's, and so must the tail's CRC32C.
     */
    private void check(ColumnExtent extent, long firstBlock, long chainBefore) throws IndexDamagedException {
        CRC32C crc = new CRC32C();
        byte[] entryBytes = new byte[2 * Long.BYTES + Integer.BYTES];
        ByteBuffer entry = ByteBuffer.wrap(entryBytes).order(ByteOrder.LITTLE_ENDIAN);
        long chain = chainBefore;
        long dataEnd = tailEntriesAt - PADDING_BYTES;
        long previousEnd = firstBlock == 0 ? 0 : (entryField(firstBlock - 1, 1) >>> 8);
        long blocks = PackedLayout.blocks(rows);
        long tailStart = dataEnd;
        for (long block = firstBlock; block < blocks; block++) {
            if (block == sealedBlocks && chain != extent.sealedChecksum()) {
                throw failsChecksum("its sealed blocks' CRC32C is " + hex(chain) + ", the manifest says " + hex(extent.sealedChecksum())
                        + " (of the last entry in " + directoryFile + ")");
            }
            long minimum = entryField(block, 0);
            long layout = entryField(block, 1);
            long stored = entryField(block, 2);
            int bits = (int) layout & 0xFF;
            long offset = layout >>> 8;
            if (bits > Long.SIZE || bits > MAX_PACKED_BITS && bits != Long.SIZE || offset < previousEnd) {
                throw new IndexDamagedException(file + ": block " + block + " has a layout the writer never makes"
                        + (block < sealedBlocks ? " (its entry in " + directoryFile + ")" : ""));
            }
            long length = PackedLayout.blockBytes(bits, (int) Math.min(BLOCK_ROWS, rows - (block << BLOCK_SHIFT)));
            if (offset + length > dataEnd) {
                throw new IndexDamagedException(file + ": its blocks hold data past byte " + dataEnd + ", where its padding starts");
            }
            if (block == sealedBlocks) {
                tailStart = offset;
            }
            crc.reset();
            update(crc, offset, length);
            entry.clear();
            entry.putLong(minimum).putLong(layout).putInt((int) chain);
            crc.update(entryBytes);
            chain = crc.getValue();
            if (stored != chain) {
                throw failsChecksum("block " + block + "'s CRC32C is " + hex(chain) + ", its directory entry says " + hex(stored)
                        + (block < sealedBlocks ? " (in " + directoryFile + ")" : ""));
            }
            previousEnd = offset + length;
        }
        if (blocks == sealedBlocks && chain != extent.sealedChecksum()) {
            throw failsChecksum("its sealed blocks' CRC32C is " + hex(chain) + ", the manifest says " + hex(extent.sealedChecksum())
                    + " (of the last entry in " + directoryFile + ")");
        }
        crc.reset();
        entry.clear();
        entry.putInt((int) extent.sealedChecksum());
        crc.update(entryBytes, 0, Integer.BYTES);
        update(crc, tailStart, extent.bytes() - tailStart);
        if (crc.getValue() != extent.checksum()) {
            throw failsChecksum("its tail's CRC32C is " + hex(crc.getValue()) + ", the manifest says " + hex(extent.checksum()));
        }
    }

    private IndexDamagedException failsChecksum(String why) {
        return new IndexDamagedException(file + " fails its checksum: " + why);
    }

    private static String hex(long checksum) {
        return String.format("%08x", checksum);
    }

    /** Adds the data file's bytes {@code [position, position + length)} to {@code crc}. */
    private void update(CRC32C crc, long position, long length) {
        while (length > 0) {
            MappedByteBuffer chunk = chunks[(int) (position >>> CHUNK_SHIFT)];
            int offset = (int) (position & CHUNK_MASK);
            int part = (int) Math.min(length, Math.min(CHUNK_MASK + 1, chunk.capacity()) - offset);
            crc.update(chunk.duplicate().position(offset).limit(offset + part));
            position += part;
            length -= part;
        }
    }

    /**
     * Field {@code field} (0 the minimum, 1 the layout, 2 the CRC32C) of block {@code block}'s
     * directory entry: in the {@code .blocks} file for a sealed block, after the data for the tail's.
     */
    private long entryField(long block, int field) {
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

    public long getLong(long row) {
        long minimum = entryField(row >>> BLOCK_SHIFT, 0);
        long layout = entryField(row >>> BLOCK_SHIFT, 1);
        int bits = (int) layout & 0xFF;
        long data = layout >>> 8;
        int index = (int) row & (BLOCK_ROWS - 1);
        if (bits == Long.SIZE) {
            return minimum + longAt(data + ((long) index << 3));
        }
        long bit = (long) index * bits;
        return minimum + ((longAt(data + (bit >>> 3)) >>> (bit & 7)) & ((1L << bits) - 1));
    }

    public int getInt(long row) {
        return (int) getLong(row);
    }

    /** A reader of this column for one scan, on one thread: it decodes a block at a time. */
    public Cursor cursor() {
        return new Cursor();
    }

    /**
     * Reads a column a block at a time: the first read in a block unpacks all of its values
     * into an array, so a scan pays for the directory and the bit arithmetic once per block
     * instead of once per value. Not for sharing between threads.
     */
    public final class Cursor {
        private final long[] values = new long[BLOCK_ROWS];
        private final byte[] bytes = new byte[BLOCK_ROWS * Long.BYTES + Long.BYTES];
        private long block = -1;

        public long get(long row) {
            long wanted = row >>> BLOCK_SHIFT;
            if (wanted != block) {
                load(wanted);
            }
            return values[(int) row & (BLOCK_ROWS - 1)];
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
            long minimum = entryField(wanted, 0);
            long layout = entryField(wanted, 1);
            int bits = (int) layout & 0xFF;
            long data = layout >>> 8;
            int count = (int) Math.min(BLOCK_ROWS, rows - (wanted << BLOCK_SHIFT));
            // The block's bytes, and the 7 after them an 8-byte read of its last value touches
            // (the padding guarantees them), copied out of the mapping in one go: reading the copy
            // costs no bounds and liveness checks per value, as the mapped buffer's reads do.
            if (bits == 0) {
                Arrays.fill(values, 0, count, minimum);
            } else {
                copyOut(data, (int) PackedLayout.blockBytes(bits, count) + Long.BYTES - 1);
                if (bits == Long.SIZE) {
                    for (int i = 0; i < count; i++) {
                        values[i] = minimum + (long) LITTLE_ENDIAN_LONGS.get(bytes, i << 3);
                    }
                } else {
                    long mask = (1L << bits) - 1;
                    long bit = 0;
                    for (int i = 0; i < count; i++, bit += bits) {
                        values[i] = minimum + (((long) LITTLE_ENDIAN_LONGS.get(bytes, (int) (bit >>> 3)) >>> (bit & 7)) & mask);
                    }
                }
            }
            block = wanted;
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
}
