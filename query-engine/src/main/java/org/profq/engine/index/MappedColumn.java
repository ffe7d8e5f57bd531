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
 * One column file of the index, memory-mapped read-only: {@code rows} values in the
 * {@link PackedLayout}, read as longs, ints or bytes as the column's type says. A file can be
 * larger than one mapping (2 GiB), so it is mapped in 1 GiB chunks that overlap by 8 bytes, so
 * that every 8-byte read falls inside one chunk; the operating system pages it in as a scan
 * reads it, so a column larger than the heap costs no heap. Mapping it checks its length and,
 * once per process ({@link VerifiedColumnFiles}), its CRC32C against the manifest's and its
 * block directory: the index maps a column when a query first reads it, so a query checks the
 * columns it reads and no others.
 */
public final class MappedColumn {
    /** Rows are read in blocks of {@code 1 << BLOCK_SHIFT} ({@link Cursor#block}): all but a column's last are full. */
    public static final int BLOCK_SHIFT = PackedLayout.BLOCK_SHIFT;
    public static final int BLOCK_ROWS = PackedLayout.BLOCK_ROWS;

    private static final VarHandle LITTLE_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int CHUNK_SHIFT = 30;
    private static final long CHUNK_MASK = (1L << CHUNK_SHIFT) - 1;

    private final Path file;
    private final BasicFileAttributes mapped;
    private final long rows;
    private final long directoryAt;
    private final MappedByteBuffer[] chunks;

    private MappedColumn(Path file, BasicFileAttributes mapped, long rows, long directoryAt, MappedByteBuffer[] chunks) {
        this.file = file;
        this.mapped = mapped;
        this.rows = rows;
        this.directoryAt = directoryAt;
        this.chunks = chunks;
    }

    /** A column of no rows and no file: what planning, which reads no values, reads a table's columns as. */
    static MappedColumn none() {
        return new MappedColumn(null, null, 0, PADDING_BYTES, new MappedByteBuffer[0]);
    }

    /**
     * Maps {@code file}, which must hold exactly {@code rows} values whose file's CRC32C is
     * {@code checksum}; otherwise it is damaged.
     */
    static MappedColumn map(Path file, long rows, long checksum) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        long size = attributes.size();
        long directoryBytes = rows < 0 || rows > Long.MAX_VALUE / 2 ? -1 : PackedLayout.blocks(rows) * DIRECTORY_ENTRY_BYTES;
        long directoryAt = size - directoryBytes;
        if (directoryBytes < 0 || directoryAt < PADDING_BYTES) {
            throw new IndexDamagedException(file + " has " + size + " bytes, too few for the manifest's " + rows + " rows");
        }
        MappedByteBuffer[] chunks;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            chunks = new MappedByteBuffer[(int) ((size + CHUNK_MASK) >>> CHUNK_SHIFT)];
            for (int chunk = 0; chunk < chunks.length; chunk++) {
                long start = (long) chunk << CHUNK_SHIFT;
                chunks[chunk] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(CHUNK_MASK + 1 + Long.BYTES, size - start));
                chunks[chunk].order(ByteOrder.LITTLE_ENDIAN);
            }
        }
        MappedColumn column = new MappedColumn(file, attributes, rows, directoryAt, chunks);
        if (!VerifiedColumnFiles.verified(file, attributes, checksum)) {
            long actual = checksum(chunks);
            if (actual != checksum) {
                throw new IndexDamagedException(String.format("%s fails its checksum: its CRC32C is %08x, the manifest says %08x",
                        file, actual, checksum));
            }
            column.checkDirectory();
            VerifiedColumnFiles.remember(file, attributes, checksum);
        }
        return column;
    }

    private static long checksum(MappedByteBuffer[] chunks) {
        CRC32C crc = new CRC32C();
        for (MappedByteBuffer chunk : chunks) {
            crc.update(chunk.duplicate().limit((int) Math.min(chunk.capacity(), CHUNK_MASK + 1)));
        }
        return crc.getValue();
    }

    /** Every block's data must follow the previous block's, in a width the layout allows, and end at the padding. */
    private void checkDirectory() throws IndexDamagedException {
        long expected = 0;
        for (long block = 0; block < PackedLayout.blocks(rows); block++) {
            long layout = longAt(directoryAt + block * DIRECTORY_ENTRY_BYTES + Long.BYTES);
            int bits = (int) layout & 0xFF;
            if (layout >>> 8 != expected || bits > Long.SIZE || bits > MAX_PACKED_BITS && bits != Long.SIZE) {
                throw new IndexDamagedException(file + ": block " + block + " has a layout the writer never makes");
            }
            expected += PackedLayout.blockBytes(bits, (int) Math.min(BLOCK_ROWS, rows - (block << BLOCK_SHIFT)));
        }
        if (expected + PADDING_BYTES != directoryAt) {
            throw new IndexDamagedException(file + ": its blocks hold " + expected + " bytes of data, its directory starts at "
                    + directoryAt);
        }
    }

    /**
     * Whether the file is still the one that was mapped and verified, as far as its identity,
     * size and modification time tell (a stat, no reading): a file damaged or replaced since
     * must not be read through this mapping.
     */
    boolean unchangedOnDisk() {
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
        long entry = directoryAt + ((row >>> BLOCK_SHIFT) << 4);
        long minimum = longAt(entry);
        long layout = longAt(entry + Long.BYTES);
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
            long entry = directoryAt + (wanted << 4);
            long minimum = longAt(entry);
            long layout = longAt(entry + Long.BYTES);
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
        return chunks[(int) (position >>> CHUNK_SHIFT)].getLong((int) (position & CHUNK_MASK));
    }
}
