package org.profq.engine.table;

import java.util.function.LongFunction;

import org.profq.engine.index.MappedColumn;

/**
 * How a scan reads one column of an indexed table at a row: its raw value as a long (what a
 * pushed-down filter compares, with no boxing) and its SQL value (what a row holds: Long,
 * Integer, Boolean, String or null).
 */
abstract class ColumnReader {

    /** The raw value: the id, time, count or length; 1/0 for a flag. Meaningless when {@link #isNull}. */
    abstract long raw(long row);

    abstract Object value(long row);

    /** Whether a raw value stands for SQL NULL. */
    boolean isNull(long raw) {
        return false;
    }

    /** Whether filters on this column can be tested on raw values (numbers and flags, not text). */
    boolean comparable() {
        return true;
    }

    /** Whether rows can be grouped by this column's raw values (its raw value is not just the row). */
    boolean groupsByRaw() {
        return comparable();
    }

    /** Whether two different raw values always stand for two different SQL values. */
    boolean rawIdentifiesValue() {
        return true;
    }

    /** A BIGINT column. */
    static ColumnReader longs(MappedColumn mapped) {
        MappedColumn.Cursor column = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return column.get(row); }
            Object value(long row) { return column.get(row); }
        };
    }

    /** A BIGINT id column stored as an int. */
    static ColumnReader intIds(MappedColumn mapped) {
        MappedColumn.Cursor column = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return column.get(row); }
            Object value(long row) { return column.get(row); }
        };
    }

    /** An INTEGER column. */
    static ColumnReader ints(MappedColumn mapped) {
        MappedColumn.Cursor column = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return column.get(row); }
            Object value(long row) { return (int) column.get(row); }
        };
    }

    /** A nullable BIGINT id, stored as 0 for NULL. */
    static ColumnReader nullableIds(MappedColumn mapped) {
        MappedColumn.Cursor column = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return column.get(row); }
            Object value(long row) { long id = column.get(row); return id == 0 ? null : id; }
            boolean isNull(long raw) { return raw == 0; }
        };
    }

    /** A nullable INTEGER stored as -1 for NULL. */
    static ColumnReader nullableInts(MappedColumn mapped) {
        MappedColumn.Cursor column = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return column.get(row); }
            Object value(long row) { int value = (int) column.get(row); return value < 0 ? null : value; }
            boolean isNull(long raw) { return raw < 0; }
            boolean rawIdentifiesValue() { return false; }
        };
    }

    /** A BOOLEAN column: one bit of a flags byte. */
    static ColumnReader flag(MappedColumn mapped, int bit) {
        MappedColumn.Cursor flags = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return (flags.get(row) & bit) != 0 ? 1 : 0; }
            Object value(long row) { return (flags.get(row) & bit) != 0; }
        };
    }

    /** A BIGINT column computed from two others: {@code minuend - subtrahend}. */
    static ColumnReader difference(MappedColumn minuendColumn, MappedColumn subtrahendColumn) {
        MappedColumn.Cursor minuend = minuendColumn.cursor();
        MappedColumn.Cursor subtrahend = subtrahendColumn.cursor();
        return new ColumnReader() {
            long raw(long row) { return minuend.get(row) - subtrahend.get(row); }
            Object value(long row) { return minuend.get(row) - subtrahend.get(row); }
        };
    }

    /** A VARCHAR column named from an int column (e.g. a calling context's path). */
    static ColumnReader text(MappedColumn mapped, LongFunction<String> name) {
        MappedColumn.Cursor column = mapped.cursor();
        return new ColumnReader() {
            long raw(long row) { return column.get(row); }
            Object value(long row) { return name.apply(column.get(row)); }
            boolean comparable() { return false; }
            boolean groupsByRaw() { return true; }
            boolean rawIdentifiesValue() { return false; }
        };
    }

    /** A VARCHAR column worked out per row (e.g. from several stored columns). */
    static ColumnReader computedText(LongFunction<String> textOfRow) {
        return new ColumnReader() {
            long raw(long row) { return row; }
            Object value(long row) { return textOfRow.apply(row); }
            boolean comparable() { return false; }
        };
    }
}
