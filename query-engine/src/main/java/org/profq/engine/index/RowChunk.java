package org.profq.engine.index;

import java.util.List;

/**
 * Rows of one index table, column by column in {@link IndexColumn} order: what the decoding
 * thread hands the column writers. Chunks are used again once written, so a build allocates a
 * fixed few of them, however many rows it writes.
 */
final class RowChunk {
    /** A few blocks: the rows in flight between the threads stay in the processor's caches. */
    static final int CAPACITY = 4 * PackedLayout.BLOCK_ROWS;

    /** The table, or null for a chunk of no table, which holds no columns. */
    final IndexColumn.Table table;
    final List<IndexColumn> columns;
    final long[][] values;
    int rows;
    /** Whether its rows are calls still open at the end of the log: rows an extension writes again (they come last). */
    boolean unfinished;
    /** Events decoded when the chunk was handed on, for the progress bar. */
    long eventsRead;

    RowChunk(IndexColumn.Table table) {
        this.table = table;
        this.columns = table == null ? List.of() : table.columns();
        this.values = new long[columns.size()][CAPACITY];
    }

    /** Sets {@code column} (one of this chunk's table) of the row being written, row {@link #rows}. */
    void put(IndexColumn column, long value) {
        values[column.position()][rows] = value;
    }
}
