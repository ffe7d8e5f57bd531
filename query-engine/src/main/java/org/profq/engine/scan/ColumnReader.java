package org.profq.engine.scan;

import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongFunction;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;
import static org.profq.engine.index.MappedColumn.BLOCK_SHIFT;

import org.profq.engine.index.MappedColumn;

/**
 * How a scan reads one column of an indexed table at a row: its raw value as a long (what a
 * pushed-down filter compares, with no boxing) and its SQL value (what a row holds: Long,
 * Integer, Boolean, String or null). A table says how each of its columns is read with the
 * factories below; only the scans of this package read them.
 */
public abstract class ColumnReader {

    /** The raw value: the id, time, count or length; 1/0 for a flag. Meaningless when {@link #isNull}. */
    abstract long raw(long row);

    public abstract Object value(long row);

    /**
     * The raw values of the rows of block {@code block} ({@link MappedColumn#BLOCK_ROWS} rows
     * from {@code block << BLOCK_SHIFT}), in an array the reader owns and overwrites when it
     * reads another block: what an aggregation scan reads, a block at a time.
     */
    public abstract long[] rawBlock(long block);

    /** Whether a raw value stands for SQL NULL. */
    public boolean isNull(long raw) {
        return false;
    }

    /** Whether no raw value stands for NULL: the reader keeps {@link #isNull} as this class has it. */
    private final boolean neverNull = isNullKept(getClass());

    /** Whether {@link #isNull} is false for every raw value, so a loop over values need not ask it. */
    final boolean neverNull() {
        return neverNull;
    }

    private static boolean isNullKept(Class<?> reader) {
        try {
            return reader.getMethod("isNull", long.class).getDeclaringClass() == ColumnReader.class;
        } catch (NoSuchMethodException impossible) {
            throw new AssertionError(impossible);
        }
    }

    /**
     * Whether block {@code block} may hold a raw value in {@code [low, high]}: false only when
     * what is known of the block without decoding it proves it holds none (a stored column's
     * block directory); a computed column may always hold one.
     */
    boolean mayHold(long block, long low, long high) {
        return true;
    }

    /** Whether filters on this column can be tested on raw values (numbers and flags, not text). */
    boolean comparable() {
        return true;
    }

    /** Whether rows can be grouped by this column's raw values (its raw value is not just the row). */
    public boolean groupsByRaw() {
        return comparable();
    }

    /** Whether two different raw values always stand for two different SQL values. */
    boolean rawIdentifiesValue() {
        return true;
    }

    /** A BIGINT column. */
    public static ColumnReader longs(MappedColumn mapped) {
        return new Stored(mapped) {
            public Object value(long row) { return column.get(row); }
        };
    }

    /** A BIGINT id column stored as an int: read as {@link #longs} (a mapped column gives every value as a long). */
    public static ColumnReader intIds(MappedColumn mapped) {
        return longs(mapped);
    }

    /** An INTEGER column. */
    public static ColumnReader ints(MappedColumn mapped) {
        return new Stored(mapped) {
            public Object value(long row) { return (int) column.get(row); }
        };
    }

    /** A nullable BIGINT id, stored as 0 for NULL. */
    public static ColumnReader nullableIds(MappedColumn mapped) {
        return new Stored(mapped) {
            public Object value(long row) { long id = column.get(row); return id == 0 ? null : id; }
            public boolean isNull(long raw) { return raw == 0; }
        };
    }

    /** A nullable BIGINT stored as -1 for NULL (its values are never negative). */
    public static ColumnReader nullableLongs(MappedColumn mapped) {
        return new Stored(mapped) {
            public Object value(long row) { long value = column.get(row); return value < 0 ? null : value; }
            public boolean isNull(long raw) { return raw < 0; }
            boolean rawIdentifiesValue() { return false; }
        };
    }

    /** A nullable INTEGER stored as -1 for NULL. */
    public static ColumnReader nullableInts(MappedColumn mapped) {
        return new Stored(mapped) {
            public Object value(long row) { int value = (int) column.get(row); return value < 0 ? null : value; }
            public boolean isNull(long raw) { return raw < 0; }
            boolean rawIdentifiesValue() { return false; }
        };
    }

    /** A BOOLEAN column: one bit of a flags byte. */
    public static ColumnReader flag(MappedColumn mapped, int bit) {
        MappedColumn.Cursor flags = mapped.cursor();
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) { return (flags.get(row) & bit) != 0 ? 1 : 0; }
            public Object value(long row) { return (flags.get(row) & bit) != 0; }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] bytes = flags.block(block);
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = (bytes[i] & bit) != 0 ? 1 : 0;
                }
                return values.array;
            }
        };
    }

    /** A nullable BOOLEAN stored as 1 or 0, and -1 for NULL. */
    public static ColumnReader nullableFlag(MappedColumn mapped) {
        return new Stored(mapped) {
            public Object value(long row) { long value = column.get(row); return value < 0 ? null : value != 0; }
            public boolean isNull(long raw) { return raw < 0; }
        };
    }

    /** A BIGINT column computed from two others: {@code minuend - subtrahend}. */
    public static ColumnReader difference(MappedColumn minuendColumn, MappedColumn subtrahendColumn) {
        MappedColumn.Cursor minuend = minuendColumn.cursor();
        MappedColumn.Cursor subtrahend = subtrahendColumn.cursor();
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) { return minuend.get(row) - subtrahend.get(row); }
            public Object value(long row) { return minuend.get(row) - subtrahend.get(row); }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] left = minuend.block(block);
                long[] right = subtrahend.block(block);
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = left[i] - right[i];
                }
                return values.array;
            }
        };
    }

    /** A BIGINT column kept as two that add up to it: {@code first + second} (e.g. the allocations a call made, and those its callees made). */
    public static ColumnReader sum(MappedColumn firstColumn, MappedColumn secondColumn) {
        MappedColumn.Cursor first = firstColumn.cursor();
        MappedColumn.Cursor second = secondColumn.cursor();
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) { return first.get(row) + second.get(row); }
            public Object value(long row) { return raw(row); }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] left = first.block(block);
                long[] right = second.block(block);
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = left[i] + right[i];
                }
                return values.array;
            }
        };
    }

    /**
     * A BIGINT id column that another column, an int key, determines: {@code idOfKey(key)} (e.g. a
     * call's method, its calling context's).
     */
    public static ColumnReader intIdsByKey(MappedColumn keyColumn, IntUnaryOperator idOfKey) {
        return byKey(keyColumn, idOfKey, null, false);
    }

    /**
     * An INTEGER column that another column, an int key, determines up to what a third adds:
     * {@code valueOfKey(key) + addend} (e.g. a call's depth, its calling context's).
     */
    public static ColumnReader intsByKey(MappedColumn keyColumn, IntUnaryOperator valueOfKey, MappedColumn addendColumn) {
        return byKey(keyColumn, valueOfKey, addendColumn, true);
    }

    private static ColumnReader byKey(MappedColumn keyColumn, IntUnaryOperator valueOfKey, MappedColumn addendColumn, boolean ints) {
        MappedColumn.Cursor keys = keyColumn.cursor();
        MappedColumn.Cursor addends = addendColumn == null ? null : addendColumn.cursor();
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) {
                long value = valueOfKey.applyAsInt((int) keys.get(row));
                return addends == null ? value : value + addends.get(row);
            }
            public Object value(long row) { return ints ? (Object) (int) raw(row) : (Object) raw(row); }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] key = keys.block(block);
                // only the block's rows: past them, in the last block, the keys array holds no keys
                int rows = (int) Math.min(BLOCK_ROWS, keyColumn.rows() - (block << BLOCK_SHIFT));
                for (int i = 0; i < rows; i++) {
                    values.array[i] = valueOfKey.applyAsInt((int) key[i]);
                }
                if (addends != null) {
                    long[] addend = addends.block(block);
                    for (int i = 0; i < rows; i++) {
                        values.array[i] += addend[i];
                    }
                }
                return values.array;
            }
        };
    }

    /**
     * A BIGINT column computed from counts: {@code fixed + weights[k] * counts[k]} summed over k,
     * rounded, where count k is the sum of the columns {@code countColumns[k]} (a count kept as two
     * columns is added up before it is weighed, as it would be read); e.g. the calibrated cost of
     * profq's advice for the events a call counts.
     */
    public static ColumnReader weightedSum(double fixed, double[] weights, MappedColumn[]... countColumns) {
        MappedColumn.Cursor[][] counts = new MappedColumn.Cursor[countColumns.length][];
        for (int k = 0; k < counts.length; k++) {
            counts[k] = new MappedColumn.Cursor[countColumns[k].length];
            for (int part = 0; part < counts[k].length; part++) {
                counts[k][part] = countColumns[k][part].cursor();
            }
        }
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();
            private final double[] sums = new double[BLOCK_ROWS];
            private final long[] count = new long[BLOCK_ROWS];

            long raw(long row) {
                double sum = fixed;
                for (int k = 0; k < counts.length; k++) {
                    long value = 0;
                    for (MappedColumn.Cursor part : counts[k]) {
                        value += part.get(row);
                    }
                    sum += weights[k] * value;
                }
                return Math.round(sum);
            }
            public Object value(long row) { return raw(row); }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                Arrays.fill(sums, fixed);
                for (int k = 0; k < counts.length; k++) {
                    Arrays.fill(count, 0);
                    for (MappedColumn.Cursor part : counts[k]) {
                        long[] partValues = part.block(block);
                        for (int i = 0; i < BLOCK_ROWS; i++) {
                            count[i] += partValues[i];
                        }
                    }
                    double weight = weights[k];
                    for (int i = 0; i < BLOCK_ROWS; i++) {
                        sums[i] += weight * count[i];
                    }
                }
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = Math.round(sums[i]);
                }
                return values.array;
            }
        };
    }

    /**
     * A BIGINT column computed from two others: {@code minuend - subtrahend} when that is above 0,
     * else 0 ({@code CASE WHEN a > b THEN a - b ELSE 0 END}: e.g. a time with profq's overhead taken off).
     */
    public static ColumnReader clampedDifference(ColumnReader minuend, ColumnReader subtrahend) {
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) { return Math.max(minuend.raw(row) - subtrahend.raw(row), 0); }
            public Object value(long row) { return raw(row); }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] left = minuend.rawBlock(block);
                long[] right = subtrahend.rawBlock(block);
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = Math.max(left[i] - right[i], 0);
                }
                return values.array;
            }
        };
    }

    /**
     * A BIGINT column computed from three others: {@link #clampedDifference} plus {@code correction}
     * (e.g. a compensated time: the call's own difference, and what the compensation of its callees adds).
     */
    public static ColumnReader corrected(ColumnReader minuend, ColumnReader subtrahend, ColumnReader correction) {
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) { return Math.max(minuend.raw(row) - subtrahend.raw(row), 0) + correction.raw(row); }
            public Object value(long row) { return raw(row); }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] left = minuend.rawBlock(block);
                long[] right = subtrahend.rawBlock(block);
                long[] added = correction.rawBlock(block);
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = Math.max(left[i] - right[i], 0) + added[i];
                }
                return values.array;
            }
        };
    }

    /**
     * A BIGINT column worked out per row from two stored ones, {@code value(first, second)}; NULL
     * where that is negative (e.g. a death's bound from its time and kind).
     */
    public static ColumnReader computedLongs(MappedColumn firstColumn, MappedColumn secondColumn, LongBinaryOperator value) {
        MappedColumn.Cursor first = firstColumn.cursor();
        MappedColumn.Cursor second = secondColumn.cursor();
        return new ColumnReader() {
            private final BlockOfValues values = new BlockOfValues();

            long raw(long row) { return value.applyAsLong(first.get(row), second.get(row)); }
            public Object value(long row) { long raw = raw(row); return raw < 0 ? null : raw; }
            public boolean isNull(long raw) { return raw < 0; }
            boolean rawIdentifiesValue() { return false; }
            public long[] rawBlock(long block) {
                if (values.holds(block)) {
                    return values.array;
                }
                long[] left = first.block(block);
                long[] right = second.block(block);
                for (int i = 0; i < BLOCK_ROWS; i++) {
                    values.array[i] = value.applyAsLong(left[i], right[i]);
                }
                return values.array;
            }
        };
    }

    /** A VARCHAR column named from an int column (e.g. a calling context's path). */
    public static ColumnReader text(MappedColumn mapped, LongFunction<String> name) {
        return new Stored(mapped) {
            public Object value(long row) { return name.apply(column.get(row)); }
            boolean comparable() { return false; }
            public boolean groupsByRaw() { return true; }
            boolean rawIdentifiesValue() { return false; }
        };
    }

    /** A VARCHAR column worked out per row (e.g. from several stored columns). */
    public static ColumnReader computedText(LongFunction<String> textOfRow) {
        return new ColumnReader() {
            private final BlockOfValues rows = new BlockOfValues();

            long raw(long row) { return row; }
            public Object value(long row) { return textOfRow.apply(row); }
            public long[] rawBlock(long block) {
                if (!rows.holds(block)) {
                    for (int i = 0; i < BLOCK_ROWS; i++) {
                        rows.array[i] = (block << BLOCK_SHIFT) + i;
                    }
                }
                return rows.array;
            }
            boolean comparable() { return false; }
        };
    }

    /** A column whose raw value is the value stored in its mapped file. */
    private abstract static class Stored extends ColumnReader {
        final MappedColumn.Cursor column;

        Stored(MappedColumn mapped) {
            this.column = mapped.cursor();
        }

        long raw(long row) { return column.get(row); }
        public long[] rawBlock(long block) { return column.block(block); }
        boolean mayHold(long block, long low, long high) { return column.mayHold(block, low, high); }
    }

    /** A computed column's values for the block it last computed. */
    private static final class BlockOfValues {
        final long[] array = new long[BLOCK_ROWS];
        private long block = -1;

        /** Whether {@link #array} holds {@code wanted}'s values; if not, the caller fills it now. */
        boolean holds(long wanted) {
            boolean holds = block == wanted;
            block = wanted;
            return holds;
        }
    }
}
