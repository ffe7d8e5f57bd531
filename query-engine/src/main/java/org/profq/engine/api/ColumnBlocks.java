package org.profq.engine.api;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.calcite.DataContexts;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;

import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.ColumnSource;
import org.profq.engine.table.Column;
import org.profq.engine.table.RecordingTable;

/**
 * Every column of one indexed table, read a block of {@link #BLOCK_ROWS} rows at a
 * time without building rows: for a reader that takes whole columns at once, as
 * {@code profq export} hands them to DuckDB a vector at a time. A row through JDBC costs a
 * boxed value and a call per cell; a block is one array per column, straight from the index.
 *
 * <p>A column's raw values mean what the table's scans make of them ({@link ColumnReader}): a
 * number or a flag as 1/0, {@link #isNull} says which stand for NULL, and a text column's text
 * is {@link #text}, the same for equal raw values when {@link #textByRaw} says so (a calling
 * context's stack is named once per context, not once per call).
 */
public final class ColumnBlocks {
    private final List<BlockColumn> columns;
    private final ColumnSource.Reading reading;
    private final ColumnReader[] readers;

    /** The number of rows in a block: every block but a table's last is full. */
    public static final int BLOCK_ROWS = MappedColumn.BLOCK_ROWS;
    /** A row's block is its number shifted right by this. */
    public static final int BLOCK_SHIFT = MappedColumn.BLOCK_SHIFT;

    private ColumnBlocks(List<BlockColumn> columns, ColumnSource.Reading reading) {
        this.columns = List.copyOf(columns);
        this.reading = reading;
        this.readers = reading.columns();
    }

    /**
     * The blocks of {@code table} in {@code schema} of a profq connection, as one new statement
     * sees the recording (its index built first if it is not); empty when that table is not read
     * from the index (the dictionary tables, user events, views) or has a column of a type other
     * than BIGINT, INTEGER, BOOLEAN or VARCHAR. Throws what a scan of the table would (a table
     * whose events were not recorded refuses, a damaged index is rebuilt).
     */
    public static Optional<ColumnBlocks> of(Connection connection, String schema, String table) throws SQLException {
        SchemaPlus recording = connection.unwrap(CalciteConnection.class).getRootSchema().subSchemas().get(schema);
        Table found = recording == null ? null : recording.tables().get(table);
        if (!(found instanceof ColumnSource source) || !(found instanceof RecordingTable described)) {
            return Optional.empty();
        }
        List<Column> columns = described.definition().columns();
        if (!columns.stream().allMatch(column -> Kind.of(column.type()).isPresent())) {
            return Optional.empty();
        }
        List<BlockColumn> blockColumns = columns.stream()
                .map(column -> new BlockColumn(column.name(), Kind.of(column.type()).orElseThrow(), column.nullable()))
                .toList();
        // A fresh context is a statement of its own: it sees the recording as it is now.
        return Optional.of(new ColumnBlocks(blockColumns, source.read(DataContexts.of(Map.of()), ImmutableBitSet.range(source.columnCount()))));
    }

    /** A column as a block reader sees it: its name, how its raw values are typed, and whether any stand for NULL. */
    public record BlockColumn(String name, Kind kind, boolean nullable) {
    }

    /** The same table's blocks with readers of their own, for another thread: a reader's arrays are not shared. */
    public ColumnBlocks forAnotherThread() {
        return new ColumnBlocks(columns, reading);
    }

    public long rows() {
        return reading.rows();
    }

    /** How many blocks the rows fill: every block but the last is full. */
    public long blocks() {
        return (rows() + BLOCK_ROWS - 1) >> BLOCK_SHIFT;
    }

    public List<BlockColumn> columns() {
        return columns;
    }

    /** How column {@code column}'s values are typed. */
    public Kind kind(int column) {
        return columns.get(column).kind();
    }

    /**
     * The raw values of column {@code column} in block {@code block}: an array this reader owns
     * and overwrites when it reads the column's next block; past the last row its values mean nothing.
     */
    public long[] rawBlock(int column, long block) {
        return readers[column].rawBlock(block);
    }

    /** Whether column {@code column} has NULLs at all: {@link #isNull} need not be asked of a column that has none. */
    public boolean nullable(int column) {
        return columns.get(column).nullable();
    }

    /** Whether raw value {@code raw} of column {@code column} stands for NULL. */
    public boolean isNull(int column, long raw) {
        return readers[column].isNull(raw);
    }

    /** The text of a VARCHAR column at {@code row}, or null. */
    public String text(int column, long row) {
        return (String) readers[column].value(row);
    }

    /** Whether a VARCHAR column's text is the same wherever its raw value is: a reader may name each raw value once. */
    public boolean textByRaw(int column) {
        return readers[column].groupsByRaw();
    }

    /** The types a block's raw values are read as. */
    public enum Kind {
        LONG, INT, BOOLEAN, TEXT;

        /** The kind a column of SQL type {@code type} is read as; empty for a type blocks are not read in. */
        public static Optional<Kind> of(SqlTypeName type) {
            return Optional.ofNullable(switch (type) {
                case BIGINT -> LONG;
                case INTEGER -> INT;
                case BOOLEAN -> BOOLEAN;
                case VARCHAR -> TEXT;
                default -> null;
            });
        }
    }
}
