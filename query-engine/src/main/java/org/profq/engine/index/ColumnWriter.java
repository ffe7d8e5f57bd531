package org.profq.engine.index;

import static org.profq.engine.index.PackedLayout.*;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Appends values to one column in the {@link PackedLayout}: the writing side of
 * {@link MappedColumn}. Values are gathered a block at a time; each block is stored as its
 * minimum and the differences from it, in as few bits as its range needs, and its directory
 * entry, with the CRC32C that chains it to the blocks before, goes to the {@code .blocks} file
 * while the block is sealed, or is kept for the tail once {@link #startTail} was called. A new
 * column starts empty; {@link #append} goes on with a column from its manifest's extent, after
 * its sealed blocks (its tail's rows are written again by the caller). Memory is fixed, however
 * long the column. {@link #finish} gives the column's new extent, for the manifest: the files
 * are never read back to checksum them.
 */
final class ColumnWriter implements AutoCloseable {
    private static final VarHandle LITTLE_ENDIAN_LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int BUFFER_BYTES = 256 * 1024;

    private final FileChannel file;
    private final FileChannel directory;
    private final ByteBuffer data = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer entries = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    /** The tail's entries, kept until the data is complete: a few blocks. */
    private ByteBuffer tailEntries = ByteBuffer.allocate(4 * DIRECTORY_ENTRY_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer entry = ByteBuffer.allocate(DIRECTORY_ENTRY_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C blockChecksum = new CRC32C();
    /** The tail's CRC32C, from {@link #startTail}; null before. */
    private CRC32C tailChecksum;
    private final long[] block = new long[BLOCK_ROWS];
    /** One block packed (and room for a last whole word). */
    private final byte[] packed = new byte[BLOCK_ROWS * Long.BYTES + Long.BYTES];
    private int blockRows;
    /** Rows in the column, and whole blocks written. */
    private long rows;
    private long sealedBlocks;
    /** The data file's length once the buffer is written: where the next block starts. */
    private long dataBytes;
    /** The CRC32C of the last entry written, and of the last sealed one. */
    private long chain;
    private long sealedChain;

    private ColumnWriter(FileChannel file, FileChannel directory, ColumnExtent from) {
        this.file = file;
        this.directory = directory;
        this.rows = from.sealedRows();
        this.sealedBlocks = from.sealedBlocks();
        this.dataBytes = from.bytes();
        this.chain = from.sealedChecksum();
        this.sealedChain = from.sealedChecksum();
    }

    /** A new, empty column in {@code path} (and its {@code .blocks} file beside it). */
    ColumnWriter(Path path) throws IOException {
        this(FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                openDirectory(path, StandardOpenOption.CREATE_NEW), new ColumnExtent(0, 0, 0, 0, 0));
    }

    /**
     * The column in {@code path} whose manifest says {@code extent}, to go on after its sealed
     * blocks: anything after the extent's ends (an extension that did not finish) is cut off.
     */
    static ColumnWriter append(Path path, ColumnExtent extent) throws IOException {
        FileChannel file = FileChannel.open(path, StandardOpenOption.WRITE);
        FileChannel directory = null;
        try {
            directory = openDirectory(path, StandardOpenOption.CREATE);
            long directoryBytes = extent.sealedBlocks() * DIRECTORY_ENTRY_BYTES;
            if (file.size() < extent.bytes() || directory.size() < directoryBytes) {
                throw new IndexDamagedException(path + " is shorter than its manifest says");
            }
            file.truncate(extent.bytes());
            file.position(extent.bytes());
            directory.truncate(directoryBytes);
            directory.position(directoryBytes);
            return new ColumnWriter(file, directory, extent);
        } catch (IOException | RuntimeException e) {
            file.close();
            if (directory != null) {
                directory.close();
            }
            throw e;
        }
    }

    private static FileChannel openDirectory(Path path, StandardOpenOption create) throws IOException {
        return FileChannel.open(path.resolveSibling(path.getFileName() + DIRECTORY_SUFFIX), create, StandardOpenOption.WRITE);
    }

    /**
     * Appends the first {@code count} of {@code values}. Whole blocks, when the column is at a
     * block boundary, are packed straight from {@code values}, with no copy.
     */
    void write(long[] values, int count) throws IOException {
        int from = 0;
        if (blockRows == 0) {
            for (; count - from >= BLOCK_ROWS; from += BLOCK_ROWS) {
                writeBlock(values, from, BLOCK_ROWS);
            }
        }
        for (; from < count; from++) {
            writeLong(values[from]);
        }
    }

    void writeLong(long value) throws IOException {
        block[blockRows++] = value;
        if (blockRows == BLOCK_ROWS) {
            writeBlock(block, 0, blockRows);
            blockRows = 0;
        }
    }

    void writeInt(int value) throws IOException {
        writeLong(value);
    }

    /**
     * Says that the rows written from now on may change (calls still open): the block being
     * filled and every later one are the tail, written again by the next extension. Called again, nothing.
     */
    void startTail() {
        if (tailChecksum == null) {
            tailChecksum = new CRC32C();
            entry.clear();
            entry.putInt((int) sealedChain);
            tailChecksum.update(entry.array(), 0, Integer.BYTES);
        }
    }

    /** Writes the block of the {@code rows} values at {@code values[from]}, and its entry. */
    private void writeBlock(long[] values, int from, int rows) throws IOException {
        long min = values[from];
        long max = values[from];
        for (int row = from + 1; row < from + rows; row++) {
            // branches rather than Math.min/max: ids and times mostly rise, so they predict well
            long value = values[row];
            if (value > max) {
                max = value;
            } else if (value < min) {
                min = value;
            }
        }
        int bits = bitsFor(max - min);
        int length = pack(values, from, rows, min, bits);
        long layout = dataBytes << 8 | bits;
        entry.clear();
        entry.putLong(min).putLong(layout).putInt((int) chain);
        blockChecksum.reset();
        blockChecksum.update(packed, 0, length);
        blockChecksum.update(entry.array(), 0, 2 * Long.BYTES + Integer.BYTES);
        chain = blockChecksum.getValue();
        entry.clear();
        entry.putLong(min).putLong(layout).putLong(chain);
        putData(packed, length);
        if (tailChecksum == null) {
            if (entries.remaining() < DIRECTORY_ENTRY_BYTES) {
                drain(entries, directory);
            }
            entries.put(entry.array());
            sealedBlocks++;
            sealedChain = chain;
        } else {
            if (tailEntries.remaining() < DIRECTORY_ENTRY_BYTES) {
                ByteBuffer larger = ByteBuffer.allocate(tailEntries.capacity() * 2).order(ByteOrder.LITTLE_ENDIAN);
                tailEntries.flip();
                tailEntries = larger.put(tailEntries);
            }
            tailEntries.put(entry.array());
        }
        this.rows += rows;
    }

    /**
     * Packs the {@code rows} values at {@code values[from]}, less {@code min}, in {@code bits}
     * bits each into {@link #packed}; gives its length in bytes. Values are gathered into a
     * 64-bit word, stored whole when full (little-endian, so the same bytes as value after
     * value, least significant bit first).
     */
    private int pack(long[] values, int from, int rows, long min, int bits) {
        if (bits == Long.SIZE) {
            for (int row = 0; row < rows; row++) {
                LITTLE_ENDIAN_LONGS.set(packed, row << 3, values[from + row] - min);
            }
            return rows << 3;
        }
        int at = 0;
        if (bits > 0) {
            long word = 0;
            int used = 0;
            for (int row = from; row < from + rows; row++) {
                long value = values[row] - min;
                word |= value << used;
                used += bits;
                if (used >= Long.SIZE) {
                    LITTLE_ENDIAN_LONGS.set(packed, at, word);
                    at += Long.BYTES;
                    used -= Long.SIZE;
                    word = used == 0 ? 0 : value >>> (bits - used); // the bits that did not fit
                }
            }
            LITTLE_ENDIAN_LONGS.set(packed, at, word); // the rest, of which the block keeps (used + 7) / 8 bytes
        }
        return (int) blockBytes(bits, rows);
    }

    /** Appends {@code length} bytes of {@code bytes} to the data file (through the buffer); the tail's are checksummed. */
    private void putData(byte[] bytes, int length) throws IOException {
        if (tailChecksum != null) {
            tailChecksum.update(bytes, 0, length);
        }
        for (int at = 0; at < length; ) {
            if (!data.hasRemaining()) {
                drain(data, file);
            }
            int part = Math.min(length - at, data.remaining());
            data.put(bytes, at, part);
            at += part;
        }
        dataBytes += length;
    }

    private static void drain(ByteBuffer buffer, FileChannel channel) throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    /**
     * Writes the last block (the tail begins at it, if it did not before), the padding and the
     * tail's entries after the data; gives the column's extent for the manifest. Close it after.
     */
    ColumnExtent finish() throws IOException {
        startTail();
        if (blockRows > 0) {
            writeBlock(block, 0, blockRows);
            blockRows = 0;
        }
        putData(new byte[PADDING_BYTES], PADDING_BYTES);
        tailEntries.flip();
        byte[] tail = new byte[tailEntries.remaining()];
        tailEntries.get(tail);
        putData(tail, tail.length);
        drain(data, file);
        drain(entries, directory);
        return new ColumnExtent(rows, sealedBlocks << BLOCK_SHIFT, dataBytes, sealedChain, tailChecksum.getValue());
    }

    /** Closes the files (after {@link #finish}, complete; before, what was written is not the column's). */
    @Override
    public void close() throws IOException {
        try (file; directory) {
            // closed by try-with-resources
        }
    }
}
