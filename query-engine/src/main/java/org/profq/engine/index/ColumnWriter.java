package org.profq.engine.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Appends fixed-width little-endian values to one column file through a reused buffer: the
 * writing side of {@link MappedColumn}. One writer per column; close it to flush. It keeps the
 * CRC32C of what it wrote, for the manifest, so the index is never read back to checksum it.
 */
final class ColumnWriter implements AutoCloseable {
    private static final int BUFFER_BYTES = 256 * 1024;

    private final FileChannel file;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C checksum = new CRC32C();

    ColumnWriter(Path path) throws IOException {
        this.file = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    }

    void writeLong(long value) throws IOException {
        if (buffer.remaining() < Long.BYTES) {
            flush();
        }
        buffer.putLong(value);
    }

    void writeInt(int value) throws IOException {
        if (buffer.remaining() < Integer.BYTES) {
            flush();
        }
        buffer.putInt(value);
    }

    void writeByte(byte value) throws IOException {
        if (!buffer.hasRemaining()) {
            flush();
        }
        buffer.put(value);
    }

    /** The CRC32C of every value written so far: complete once the writer is closed. */
    long checksum() {
        return checksum.getValue();
    }

    private void flush() throws IOException {
        buffer.flip();
        checksum.update(buffer);
        buffer.rewind();
        while (buffer.hasRemaining()) {
            file.write(buffer);
        }
        buffer.clear();
    }

    @Override
    public void close() throws IOException {
        try {
            flush();
        } finally {
            file.close();
        }
    }
}
