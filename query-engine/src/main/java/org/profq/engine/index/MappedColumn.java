package org.profq.engine.index;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One column file of the index, memory-mapped read-only: {@code rows} fixed-width
 * little-endian values (1, 4 or 8 bytes). A file can be larger than one mapping (2 GiB), so
 * it is mapped in 1 GiB chunks; the operating system pages it in as a scan reads it, so a
 * column larger than the heap costs no heap.
 */
public final class MappedColumn {
    private static final int CHUNK_SHIFT = 30;

    private final long rows;
    private final int widthShift;
    private final int rowShift;
    private final long rowMask;
    private final MappedByteBuffer[] chunks;

    private MappedColumn(long rows, int width, MappedByteBuffer[] chunks) {
        this.rows = rows;
        this.widthShift = Integer.numberOfTrailingZeros(width);
        this.rowShift = CHUNK_SHIFT - widthShift;
        this.rowMask = (1L << rowShift) - 1;
        this.chunks = chunks;
    }

    /** Maps {@code file}, which must hold exactly {@code rows} values of {@code width} bytes. */
    static MappedColumn map(Path file, int width, long rows) throws IOException {
        long expected = rows * width;
        long size = Files.size(file);
        if (size != expected) {
            throw new IndexDamagedException(file + " has " + size + " bytes; the manifest says " + rows + " rows of "
                    + width + " bytes (" + expected + ")");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer[] chunks = new MappedByteBuffer[(int) ((size + (1L << CHUNK_SHIFT) - 1) >>> CHUNK_SHIFT)];
            for (int chunk = 0; chunk < chunks.length; chunk++) {
                long start = (long) chunk << CHUNK_SHIFT;
                chunks[chunk] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(1L << CHUNK_SHIFT, size - start));
                chunks[chunk].order(ByteOrder.LITTLE_ENDIAN);
            }
            return new MappedColumn(rows, width, chunks);
        }
    }

    public long rows() {
        return rows;
    }

    public long getLong(long row) {
        return chunks[(int) (row >>> rowShift)].getLong((int) (row & rowMask) << widthShift);
    }

    public int getInt(long row) {
        return chunks[(int) (row >>> rowShift)].getInt((int) (row & rowMask) << widthShift);
    }

    public byte getByte(long row) {
        return chunks[(int) (row >>> rowShift)].get((int) (row & rowMask));
    }
}
