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
 * {@link MappedColumn}. Values are gathered a block at a time; each block is stored as its
 * minimum and the differences from it, in as few bits as its range needs. The directory of
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
    private int blockRows;
    private long dataBytes;

    ColumnWriter(Path path) throws IOException {
        this.file = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.directoryFile = path.resolveSibling(path.getFileName() + ".blocks");
        this.directory = FileChannel.open(directoryFile, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
    }

    void writeLong(long value) throws IOException {
        block[blockRows++] = value;
        if (blockRows == BLOCK_ROWS) {
            writeBlock();
        }
    }

    void writeInt(int value) throws IOException {
        writeLong(value);
    }

    void writeByte(byte value) throws IOException {
        writeLong(value);
    }

    /** The CRC32C of the whole file: complete once the writer is closed. */
    long checksum() {
        return checksum.getValue();
    }

    private void writeBlock() throws IOException {
        long min = block[0];
        long max = block[0];
        for (int row = 1; row < blockRows; row++) {
            min = Math.min(min, block[row]);
            max = Math.max(max, block[row]);
        }
        int bits = bitsFor(max - min);
        if (entries.remaining() < DIRECTORY_ENTRY_BYTES) {
            drain(entries, directory, null);
        }
        entries.putLong(min).putLong(dataBytes << 8 | bits);
        if (bits == Long.SIZE) {
            for (int row = 0; row < blockRows; row++) {
                putDataLong(block[row] - min);
            }
        } else if (bits > 0) {
            // Values are gathered into a 64-bit word, written whole when full (little-endian, so
            // the same bytes as value after value, least significant bit first); then the rest.
            long word = 0;
            int used = 0;
            for (int row = 0; row < blockRows; row++) {
                long value = block[row] - min;
                word |= value << used;
                used += bits;
                if (used >= Long.SIZE) {
                    putDataLong(word);
                    used -= Long.SIZE;
                    word = used == 0 ? 0 : value >>> (bits - used); // the bits that did not fit
                }
            }
            for (; used > 0; used -= Byte.SIZE) {
                putDataByte((byte) word);
                word >>>= Byte.SIZE;
            }
        }
        dataBytes += blockBytes(bits, blockRows);
        blockRows = 0;
    }

    private void putDataLong(long value) throws IOException {
        if (data.remaining() < Long.BYTES) {
            drain(data, file, checksum);
        }
        data.putLong(value);
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
                writeBlock();
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
