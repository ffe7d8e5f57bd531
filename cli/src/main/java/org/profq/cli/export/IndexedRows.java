package org.profq.cli.export;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBWritableVector;
import org.profq.engine.api.ColumnBlocks;

/**
 * An indexed table's rows ({@code calls}, {@code allocations}, ...) copied from its columns'
 * blocks ({@link ColumnBlocks}) into DuckDB's vectors: no row objects, no JDBC call per cell. A
 * text column named by its raw value ({@code calls.stack}, by calling context) is encoded once
 * per value and handed to DuckDB a chunk at a time.
 */
final class IndexedRows implements RowSource {
    /** Distinct texts remembered per column: a column with more (never so far) is encoded row by row. */
    private static final int REMEMBERED_TEXTS = 1 << 16;
    /** Numbers go straight into the vectors' buffers (see {@link VectorBuffers}), not through DuckDB's setters. */
    private static final boolean FAST = VectorBuffers.available();

    private final ColumnBlocks blocks;
    private final long endRow;
    private final List<ExportColumn> columns = new ArrayList<>();
    private final List<Map<Long, byte[]>> encodedTexts = new ArrayList<>();
    private byte[][] textBatch = new byte[0][];
    private long row;
    private long textBytes;

    /** The rows from {@code firstRow} up to {@code endRow} (excluded) of {@code blocks}, which only this reads. */
    IndexedRows(ColumnBlocks blocks, long firstRow, long endRow) {
        this.blocks = blocks;
        this.row = firstRow;
        this.endRow = endRow;
        for (int column = 0; column < blocks.columns().size(); column++) {
            columns.add(new ExportColumn(blocks.columns().get(column).name(), switch (blocks.kind(column)) {
                case LONG -> ExportColumn.Kind.LONG;
                case INT -> ExportColumn.Kind.INT;
                case BOOLEAN -> ExportColumn.Kind.BOOLEAN;
                case TEXT -> ExportColumn.Kind.TEXT;
            }));
            encodedTexts.add(new HashMap<>());
        }
    }

    @Override
    public List<ExportColumn> columns() {
        return columns;
    }

    @Override
    public boolean hasMore() {
        return row < endRow;
    }

    @Override
    public long textBytes() {
        return textBytes;
    }

    @Override
    public int fill(DuckDBDataChunkWriter chunk, int maxRows) {
        int filled = 0;
        while (filled < maxRows && row < endRow) {
            long block = row >> ColumnBlocks.BLOCK_SHIFT;
            int offset = (int) (row & (ColumnBlocks.BLOCK_ROWS - 1));
            int count = (int) Math.min(Math.min(ColumnBlocks.BLOCK_ROWS - offset, maxRows - filled), endRow - row);
            for (int column = 0; column < columns.size(); column++) {
                copy(column, block, offset, count, chunk.vector(column), filled);
            }
            filled += count;
            row += count;
        }
        return filled;
    }

    /** Copies {@code count} values of {@code column} from {@code block}'s row {@code offset} into {@code vector} from {@code at}. */
    private void copy(int column, long block, int offset, int count, DuckDBWritableVector vector, int at) {
        long[] raw = blocks.rawBlock(column, block);
        ExportColumn.Kind kind = columns.get(column).kind();
        if (kind == ExportColumn.Kind.TEXT) {
            copyTexts(column, (block << ColumnBlocks.BLOCK_SHIFT) + offset, raw, offset, count, vector, at);
        } else if (FAST) {
            copyNumbers(column, kind, raw, offset, count, vector, at);
        } else {
            setNumbers(column, kind, raw, offset, count, vector, at);
        }
    }

    /** {@link #copy} of numbers into the vector's buffers, the valid rows marked a word at a time. */
    private void copyNumbers(int column, ExportColumn.Kind kind, long[] raw, int offset, int count, DuckDBWritableVector vector,
                             int at) {
        ByteBuffer data = VectorBuffers.data(vector);
        switch (kind) {
            case LONG -> {
                for (int i = 0; i < count; i++) {
                    data.putLong((at + i) * Long.BYTES, raw[offset + i]);
                }
            }
            case INT -> {
                for (int i = 0; i < count; i++) {
                    data.putInt((at + i) * Integer.BYTES, (int) raw[offset + i]);
                }
            }
            case BOOLEAN -> {
                for (int i = 0; i < count; i++) {
                    data.put(at + i, raw[offset + i] != 0 ? (byte) 1 : (byte) 0);
                }
            }
            default -> throw new IllegalStateException("no " + kind + " column is indexed");
        }
        VectorBuffers.markValid(vector, at, count);
        if (blocks.nullable(column)) {
            for (int i = 0; i < count; i++) {
                if (blocks.isNull(column, raw[offset + i])) {
                    VectorBuffers.markNull(vector, at + i);
                }
            }
        }
    }

    /** {@link #copy} of numbers through DuckDB's setters, with a DuckDB whose vectors' buffers are out of reach. */
    private void setNumbers(int column, ExportColumn.Kind kind, long[] raw, int offset, int count, DuckDBWritableVector vector,
                            int at) {
        boolean nullable = blocks.nullable(column);
        for (int i = 0; i < count; i++) {
            long value = raw[offset + i];
            if (nullable && blocks.isNull(column, value)) {
                vector.setNull(at + i);
            } else {
                switch (kind) {
                    case LONG -> vector.setLong(at + i, value);
                    case INT -> vector.setInt(at + i, (int) value);
                    case BOOLEAN -> vector.setBoolean(at + i, value != 0);
                    default -> throw new IllegalStateException("no " + kind + " column is indexed");
                }
            }
        }
    }

    private void copyTexts(int column, long firstRow, long[] raw, int offset, int count, DuckDBWritableVector vector, int at) {
        if (textBatch.length != count) {
            textBatch = new byte[count][];
        }
        Map<Long, byte[]> remembered = encodedTexts.get(column);
        boolean byRaw = blocks.textByRaw(column);
        for (int i = 0; i < count; i++) {
            byte[] utf8 = byRaw ? remembered.get(raw[offset + i]) : null;
            if (utf8 == null) {
                String text = blocks.text(column, firstRow + i);
                utf8 = text == null ? null : text.getBytes(StandardCharsets.UTF_8);
                if (byRaw && utf8 != null && remembered.size() < REMEMBERED_TEXTS) {
                    remembered.put(raw[offset + i], utf8);
                }
            }
            textBatch[i] = utf8;
            textBytes += utf8 == null ? 0 : utf8.length;
        }
        vector.setStringUtf8Batch(at, textBatch);
    }
}
