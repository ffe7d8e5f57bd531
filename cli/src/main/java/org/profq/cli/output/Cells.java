package org.profq.cli.output;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

import org.profq.udf.Formats;

/**
 * How one value is written as text: for people (rounded fractions, times and sizes in units)
 * or for machines (exact).
 *
 * <p>Which numbers are times and sizes is told by the column's name, as profq's tables and views
 * name them: a column named {@code bytes} or ending in {@code _bytes} holds bytes
 * ({@code 1.5 MiB}), one ending in {@code _ns} holds nanoseconds ({@code 756.6 ms}). Other
 * numbers are printed as they are.
 */
public final class Cells {
    /** For the table, Markdown and HTML formats: {@code value} of the column named {@code column}. */
    public static String forPeople(String column, Object value) {
        if (value instanceof Number number && !(Double.isNaN(number.doubleValue()) || Double.isInfinite(number.doubleValue()))) {
            if (isNanos(column)) {
                return nanos(number.doubleValue());
            }
            if (isBytes(column)) {
                return bytes(number.doubleValue());
            }
        }
        return forPeople(value);
    }

    /** Fractions to four decimals, NULL spelled out. */
    static String forPeople(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            if (Double.isNaN(number) || Double.isInfinite(number)) {
                return String.valueOf(number);
            }
            BigDecimal rounded = BigDecimal.valueOf(number).setScale(4, RoundingMode.HALF_UP).stripTrailingZeros();
            return rounded.scale() < 0 ? rounded.setScale(0).toPlainString() : rounded.toPlainString();
        }
        return String.valueOf(value);
    }

    /** For CSV and JSON: the exact value; NULL is the caller's business. */
    static String exact(Object value) {
        return String.valueOf(value);
    }

    static boolean isNanos(String column) {
        return column.toLowerCase(Locale.ROOT).endsWith("_ns");
    }

    static boolean isBytes(String column) {
        String name = column.toLowerCase(Locale.ROOT);
        return name.equals("bytes") || name.endsWith("_bytes");
    }

    /**
     * {@code 830 ns}, {@code 12.5 µs}, {@code 756.6 ms}, {@code 2.3 s}: as {@code fmt_ns} writes them
     * ({@link Formats}, the one place profq scales numbers), but for a fraction of a nanosecond
     * (an average) under a microsecond.
     */
    static String nanos(double nanos) {
        return Math.abs(nanos) < 1e3 ? whole(nanos) + " ns" : Formats.fmt_ns(Math.round(nanos));
    }

    /** {@code 512 B}, {@code 30.6 KiB}, {@code 1.5 MiB}: as {@code fmt_bytes} writes them, powers of 1024. */
    static String bytes(double bytes) {
        return Math.abs(bytes) < 1024 ? whole(bytes) + " B" : Formats.fmt_bytes(Math.round(bytes));
    }

    private static String whole(double number) {
        return number == Math.rint(number) ? String.valueOf((long) number) : String.format(Locale.ROOT, "%.1f", number);
    }

    private Cells() {
    }
}
