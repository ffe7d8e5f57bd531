package org.profq.cli.export;

import java.sql.SQLException;
import java.util.List;

import org.duckdb.DuckDBDataChunkWriter;

/**
 * The rows of one table being exported, handed to DuckDB a chunk (a vector per column) at a
 * time: from the index's columns a block at a time ({@link IndexedRows}), or from any query's
 * result set ({@link ResultSetRows}).
 */
interface RowSource {
    List<ExportColumn> columns();

    /**
     * Writes the next rows, at most {@code maxRows}, into {@code chunk}'s vectors from row 0;
     * returns how many (0: no rows are left).
     */
    int fill(DuckDBDataChunkWriter chunk, int maxRows) throws SQLException;

    /** Whether rows are left. */
    boolean hasMore() throws SQLException;

    /** The bytes of text written so far (UTF-8, or chars where that is cheaper): what bounds a part's memory. */
    long textBytes();
}
