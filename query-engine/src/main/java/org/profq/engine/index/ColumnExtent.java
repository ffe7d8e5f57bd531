package org.profq.engine.index;

/**
 * What a manifest says of one column file ({@link PackedLayout}): its rows, how many of them are
 * in sealed blocks (a multiple of the block size), the length of the data file that holds them
 * (bytes after it, from an extension that did not finish, are not the column's), the CRC32C of
 * the last sealed block's directory entry (the chain over every sealed block, 0 when none) and
 * the CRC32C of the tail.
 */
record ColumnExtent(long rows, long sealedRows, long bytes, long sealedChecksum, long checksum) {
    /** The column of no rows in no file: {@link MappedColumn#none()}. */
    static final ColumnExtent NONE = new ColumnExtent(0, 0, PackedLayout.PADDING_BYTES, 0, 0);

    long sealedBlocks() {
        return sealedRows >>> PackedLayout.BLOCK_SHIFT;
    }

    long tailBlocks() {
        return PackedLayout.blocks(rows) - sealedBlocks();
    }

    /** Where the tail's directory entries start in the data file. */
    long tailEntriesAt() {
        return bytes - tailBlocks() * PackedLayout.DIRECTORY_ENTRY_BYTES;
    }
}
