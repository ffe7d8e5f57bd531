package org.profq.engine.index;

import static org.profq.engine.index.PackedLayout.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Appends values to one column file in the {@link PackedLayout}: the writing side of
 * {@link MappedColumn}. Values are gathered a block at a time; each block is stored in the
 * encoding that makes it smallest ({@link BlockEncoder}). The directory of
 * blocks is spooled to a side file and appended at {@link #close}, so that a column of any
 * length costs a fixed amount of heap. One writer per column; close it to finish the file. It
 * keeps the CRC32C of what it wrote, for the manifest, so the index is never read back to
 * checksum it.
 */
final class ColumnWriter implements AutoCloseable {
    private static final int BUFFER_BYTES = 256 * 1024;

    private final FileChannel file;
    private final Path directoryFile;
    private final FileChannel directory;
    private final ByteBuffer data = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer entries = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C checksum = new CRC32C();
    private final long[] block = new long[BLOCK_ROWS];
    private final BlockEncoder encoder = new BlockEncoder();
    private int blockRows;
    private long dataBytes;

    ColumnWriter(Path path) throws IOException {
        this.file = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.directoryFile = path.resolveSibling(path.getFileName() + ".blocks");
        this.directory = FileChannel.open(directoryFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
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

    /** The CRC32C of the whole file: complete once the writer is closed. */
    long checksum() {
        return checksum.getValue();
    }

    /** Writes the block of the {@code rows} values at {@code values[from]}. */
    private void writeBlock(long[] values, int from, int rows) throws IOException {
        encoder.encode(values, from, rows);
        if (entries.remaining() < DIRECTORY_ENTRY_BYTES) {
            drain(entries, directory, null);
        }
        entries.putLong(encoder.base).putLong(PackedLayout.layout(dataBytes, encoder.encoding, encoder.bits));
        if (data.remaining() < encoder.length) {
            drain(data, file, checksum);
        }
        data.put(encoder.data, 0, encoder.length);
        dataBytes += encoder.length;
    }

    private void putDataByte(byte value) throws IOException {
        if (!data.hasRemaining()) {
            drain(data, file, checksum);
        }
        data.put(value);
    }

    private static void drain(ByteBuffer buffer, FileChannel channel, CRC32C checksum) throws IOException {
        buffer.flip();
        if (checksum != null) {
            checksum.update(buffer);
            buffer.rewind();
        }
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    /** Writes the last block, the padding and the directory after the data. */
    @Override
    public void close() throws IOException {
        try (file; directory) {
            if (blockRows > 0) {
                writeBlock(block, 0, blockRows);
                blockRows = 0;
            }
            for (int pad = 0; pad < PADDING_BYTES; pad++) {
                putDataByte((byte) 0);
            }
            drain(data, file, checksum);
            drain(entries, directory, null);
            directory.position(0);
            while (directory.read(entries) > 0) {
                if (!entries.hasRemaining()) {
                    drain(entries, file, checksum);
                }
            }
            drain(entries, file, checksum);
        } finally {
            Files.deleteIfExists(directoryFile);
        }
    }
}
