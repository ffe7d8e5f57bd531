package org.profq.cli.output;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** How one value is written as text: for people (rounded fractions) or for machines (exact). */
final class Cells {
    /** For the table and Markdown formats: fractions to four decimals, NULL spelled out. */
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

    private Cells() {
    }
}
