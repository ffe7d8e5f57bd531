package org.profq.difftest;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What an engine answered to one statement: its rows with every value normalised, or the
 * failure. The normalisation makes two engines' right answers equal:
 * <ul>
 * <li>every number is a {@link BigDecimal} (BIGINT, INTEGER, HUGEINT and DOUBLE alike: one
 *     engine's SUM is BIGINT where the other's is HUGEINT, an export turns DECIMAL into DOUBLE);
 *     a number with a fraction, or beyond 2<sup>53</sup>, compares within a relative 1e-9
 *     (the sum of doubles depends on the order they are added in);</li>
 * <li>NULL is null, whatever its type; booleans, strings, dates and times compare by value
 *     (dates and times by their ISO text);</li>
 * <li>rows compare as multisets, unless the statement's ORDER BY fixes the order of every row
 *     ({@link #sameAs}'s {@code ordered}); NULL sorts first in the multiset's canonical order.</li>
 * </ul>
 */
public final class Answer {
    private static final double RELATIVE_TOLERANCE = 1e-9;
    private static final double EXACT_LIMIT = 9007199254740992d; // 2^53

    private final List<List<Object>> rows;
    private final String failure;
    private final boolean timedOut;

    private Answer(List<List<Object>> rows, String failure, boolean timedOut) {
        this.rows = rows;
        this.failure = failure;
        this.timedOut = timedOut;
    }

    static Answer of(ResultSet result) throws SQLException {
        ResultSetMetaData meta = result.getMetaData();
        int columns = meta.getColumnCount();
        List<List<Object>> rows = new ArrayList<>();
        while (result.next()) {
            List<Object> row = new ArrayList<>(columns);
            for (int i = 1; i <= columns; i++) {
                row.add(normalise(result.getObject(i)));
            }
            rows.add(row);
        }
        return new Answer(rows, null, false);
    }

    static Answer ofRows(List<List<Object>> rows) {
        List<List<Object>> normalised = new ArrayList<>();
        for (List<Object> row : rows) {
            normalised.add(row.stream().map(Answer::normalise).toList());
        }
        return new Answer(normalised, null, false);
    }

    static Answer failed(String message) {
        return new Answer(List.of(), message, false);
    }

    static Answer timedOut(String message) {
        return new Answer(List.of(), message, true);
    }

    public boolean failed() {
        return failure != null;
    }

    public boolean timedOutHere() {
        return timedOut;
    }

    public String failure() {
        return failure;
    }

    public List<List<Object>> rows() {
        return rows;
    }

    /** Whether this and {@code other} are the same rows, in the same order when {@code ordered}. */
    public boolean sameAs(Answer other, boolean ordered) {
        if (failed() || other.failed() || rows.size() != other.rows.size()) {
            return false;
        }
        List<List<Object>> mine = ordered ? rows : sorted(rows);
        List<List<Object>> theirs = ordered ? other.rows : sorted(other.rows);
        for (int i = 0; i < mine.size(); i++) {
            if (!sameRow(mine.get(i), theirs.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The rows in a canonical order: numbers rounded to 8 significant digits for it, so tolerance does not reorder. */
    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(ROWS);
        return copy;
    }

    private static final Comparator<List<Object>> ROWS = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private static int compareValues(Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return sortKey(x).compareTo(sortKey(y));
        }
        if (a.getClass() != b.getClass()) {
            return a.getClass().getName().compareTo(b.getClass().getName());
        }
        if (a instanceof Boolean x) {
            return Boolean.compare(x, (Boolean) b);
        }
        return a.toString().compareTo(b.toString());
    }

    private static BigDecimal sortKey(BigDecimal value) {
        return inexact(value) ? value.round(new java.math.MathContext(8)) : value;
    }

    private static boolean sameRow(List<Object> a, List<Object> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!sameValue(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean sameValue(Object a, Object b) {
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            if (x.compareTo(y) == 0) {
                return true;
            }
            if (!inexact(x) && !inexact(y)) {
                return false;
            }
            double dx = x.doubleValue();
            double dy = y.doubleValue();
            return Math.abs(dx - dy) <= RELATIVE_TOLERANCE * Math.max(Math.abs(dx), Math.abs(dy));
        }
        return Objects.equals(a, b);
    }

    /** A number that may have been rounded: with a fraction, or too big for a double to hold exactly. */
    private static boolean inexact(BigDecimal value) {
        return value.stripTrailingZeros().scale() > 0 || Math.abs(value.doubleValue()) >= EXACT_LIMIT;
    }

    static Object normalise(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? d.toString() : new BigDecimal(d).stripTrailingZeros();
        }
        if (value instanceof Float f) {
            return normalise(f.doubleValue());
        }
        if (value instanceof BigDecimal d) {
            return d.stripTrailingZeros();
        }
        if (value instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (value instanceof Number n) {
            return BigDecimal.valueOf(n.longValue());
        }
        if (value instanceof Boolean || value instanceof String) {
            return value;
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime().toString();
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        if (value instanceof java.sql.Time t) {
            return t.toLocalTime().toString();
        }
        if (value instanceof java.sql.Array array) {
            try {
                Object[] items = (Object[]) array.getArray();
                List<Object> list = new ArrayList<>();
                for (Object item : items) {
                    list.add(normalise(item));
                }
                return list.toString();
            } catch (SQLException e) {
                return value.toString();
            }
        }
        return value.toString();
    }

    /** The answer as text: its rows one a line (the first {@code limit}), or the failure. */
    public String describe(int limit) {
        if (failed()) {
            return (timedOut ? "timed out: " : "failed: ") + failure;
        }
        StringBuilder text = new StringBuilder(rows.size() + " row" + (rows.size() == 1 ? "" : "s"));
        for (int i = 0; i < Math.min(limit, rows.size()); i++) {
            text.append("\n  ").append(Rows.format(rows.get(i)));
        }
        if (rows.size() > limit) {
            text.append("\n  ...");
        }
        return text.toString();
    }
}
