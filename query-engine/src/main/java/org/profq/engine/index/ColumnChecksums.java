package org.profq.engine.index;

import static org.profq.engine.index.PackedLayout.PADDING_BYTES;
import static org.profq.engine.index.PackedLayout.dataOffset;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * The integrity check of a mapped column: the CRC32C of each block's data and directory entry,
 * chained from block to block, against what the column's manifest says. A column that fails it
 * is damaged, and the index rebuilds it rather than answer from it.
 */
final class ColumnChecksums {
    private ColumnChecksums() {
    }

    /**
     * Checks the blocks from {@code firstBlock} (0, the first not checked before, or the first
     * of the tail), the entry before which has the CRC32C {@code chainBefore}: each one's data
     * must come after the previous one's, in a width the layout allows, before the padding, and
     * match its entry's CRC32C, which chains to the previous entry's; the last sealed entry's must
     * be the manifest's, and so must the tail's CRC32C.
     */
    static void check(MappedColumn column, ColumnExtent extent, long firstBlock, long chainBefore) throws IndexDamagedException {
        CRC32C crc = new CRC32C();
        byte[] entryBytes = new byte[2 * Long.BYTES + Integer.BYTES];
        ByteBuffer entry = ByteBuffer.wrap(entryBytes).order(ByteOrder.LITTLE_ENDIAN);
        long chain = chainBefore;
        long dataEnd = column.tailEntriesAt() - PADDING_BYTES;
        long previousEnd = firstBlock == 0 ? 0 : dataOffset(column.entryField(firstBlock - 1, 1)); // where that block starts: its end is not kept
        long blocks = PackedLayout.blocks(column.rows());
        long tailStart = dataEnd;
        for (long block = firstBlock; block < blocks; block++) {
            if (block == column.sealedBlocks() && chain != extent.sealedChecksum()) {
                throw failsChecksum(column, "its sealed blocks' CRC32C is " + hex(chain) + ", the manifest says " + hex(extent.sealedChecksum())
                        + " (of the last entry in " + column.directoryFile() + ")");
            }
            long minimum = column.entryField(block, 0);
            long layout = column.entryField(block, 1);
            long stored = column.entryField(block, 2);
            long offset = dataOffset(layout);
            long length = offset < previousEnd || offset > dataEnd ? -1 : column.blockLength(layout, column.rowsIn(block));
            if (length < 0 || length > BlockEncoder.MAX_BLOCK_BYTES) {
                throw new IndexDamagedException(column.file() + ": block " + block + " has a layout the writer never makes"
                        + (block < column.sealedBlocks() ? " (its entry in " + column.directoryFile() + ")" : ""));
            }
            if (offset + length > dataEnd) {
                throw new IndexDamagedException(column.file() + ": its blocks hold data past byte " + dataEnd + ", where its padding starts");
            }
            if (block == column.sealedBlocks()) {
                tailStart = offset;
            }
            crc.reset();
            column.update(crc, offset, length);
            entry.clear();
            entry.putLong(minimum).putLong(layout).putInt((int) chain);
            crc.update(entryBytes);
            chain = crc.getValue();
            if (stored != chain) {
                throw failsChecksum(column, "block " + block + "'s CRC32C is " + hex(chain) + ", its directory entry says " + hex(stored)
                        + (block < column.sealedBlocks() ? " (in " + column.directoryFile() + ")" : ""));
            }
            previousEnd = offset + length;
        }
        if (blocks == column.sealedBlocks() && chain != extent.sealedChecksum()) {
            throw failsChecksum(column, "its sealed blocks' CRC32C is " + hex(chain) + ", the manifest says " + hex(extent.sealedChecksum())
                    + " (of the last entry in " + column.directoryFile() + ")");
        }
        crc.reset();
        entry.clear();
        entry.putInt((int) extent.sealedChecksum());
        crc.update(entryBytes, 0, Integer.BYTES);
        column.update(crc, tailStart, extent.bytes() - tailStart);
        if (crc.getValue() != extent.checksum()) {
            throw failsChecksum(column, "its tail's CRC32C is " + hex(crc.getValue()) + ", the manifest says " + hex(extent.checksum()));
        }
    }

    private static IndexDamagedException failsChecksum(MappedColumn column, String why) {
        return new IndexDamagedException(column.file() + " fails its checksum: " + why);
    }

    private static String hex(long checksum) {
        return String.format("%08x", checksum);
    }

}
