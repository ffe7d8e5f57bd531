package org.profq.engine.scan;

import java.util.List;
import java.util.Optional;

import org.apache.calcite.sql.type.SqlTypeName;
import org.profq.engine.index.MappedColumn;

/**
 * Every column of one indexed table, read a block of {@link MappedColumn#BLOCK_ROWS} rows at a
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

    /** The blocks of {@code reading}, whose columns are {@code columns} in order (the table layer opens them). */
    public ColumnBlocks(List<BlockColumn> columns, ColumnSource.Reading reading) {
        this.columns = List.copyOf(columns);
        this.reading = reading;
        this.readers = reading.columns();
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
        return (rows() + MappedColumn.BLOCK_ROWS - 1) >> MappedColumn.BLOCK_SHIFT;
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
