package org.profq.engine.index;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * One column file of the index, memory-mapped read-only: {@code rows} fixed-width
 * little-endian values (1, 4 or 8 bytes). A file can be larger than one mapping (2 GiB), so
 * it is mapped in 1 GiB chunks; the operating system pages it in as a scan reads it, so a
 * column larger than the heap costs no heap. Mapping it checks its length and, once per process
 * ({@link VerifiedColumnFiles}), its CRC32C against the manifest's.
 */
public final class MappedColumn {
    private static final int CHUNK_SHIFT = 30;

    private final Path file;
    private final BasicFileAttributes mapped;
    private final long rows;
    private final int widthShift;
    private final int rowShift;
    private final long rowMask;
    private final MappedByteBuffer[] chunks;

    private MappedColumn(Path file, BasicFileAttributes mapped, long rows, int width, MappedByteBuffer[] chunks) {
        this.file = file;
        this.mapped = mapped;
        this.rows = rows;
        this.widthShift = Integer.numberOfTrailingZeros(width);
        this.rowShift = CHUNK_SHIFT - widthShift;
        this.rowMask = (1L << rowShift) - 1;
        this.chunks = chunks;
    }

    /**
     * Maps {@code file}, which must hold exactly {@code rows} values of {@code width} bytes whose
     * CRC32C is {@code checksum}; otherwise it is damaged.
     */
    static MappedColumn map(Path file, int width, long rows, long checksum) throws IOException {
        long expected;
        try {
            expected = Math.multiplyExact(rows, width);
        } catch (ArithmeticException e) {
            throw new IndexDamagedException(file + ": the manifest's row count " + rows + " is impossible");
        }
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        long size = attributes.size();
        if (size != expected) {
            throw new IndexDamagedException(file + " has " + size + " bytes; the manifest says " + rows + " rows of "
                    + width + " bytes (" + expected + ")");
        }
        MappedByteBuffer[] chunks;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            chunks = new MappedByteBuffer[(int) ((size + (1L << CHUNK_SHIFT) - 1) >>> CHUNK_SHIFT)];
            for (int chunk = 0; chunk < chunks.length; chunk++) {
                long start = (long) chunk << CHUNK_SHIFT;
                chunks[chunk] = channel.map(FileChannel.MapMode.READ_ONLY, start, Math.min(1L << CHUNK_SHIFT, size - start));
                chunks[chunk].order(ByteOrder.LITTLE_ENDIAN);
            }
        }
        if (!VerifiedColumnFiles.verified(file, attributes, checksum)) {
            long actual = checksum(chunks);
            if (actual != checksum) {
                throw new IndexDamagedException(String.format("%s fails its checksum: its CRC32C is %08x, the manifest says %08x",
                        file, actual, checksum));
            }
            VerifiedColumnFiles.remember(file, attributes, checksum);
        }
        return new MappedColumn(file, attributes, rows, width, chunks);
    }

    private static long checksum(MappedByteBuffer[] chunks) {
        CRC32C crc = new CRC32C();
        for (MappedByteBuffer chunk : chunks) {
            crc.update(chunk.duplicate());
        }
        return crc.getValue();
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
        return chunks[(int) (row >>> rowShift)].getLong((int) (row & rowMask) << widthShift);
    }

    public int getInt(long row) {
        return chunks[(int) (row >>> rowShift)].getInt((int) (row & rowMask) << widthShift);
    }

    public byte getByte(long row) {
        return chunks[(int) (row >>> rowShift)].get((int) (row & rowMask));
    }
}
