package org.profq.difftest;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;
import java.util.Random;

import org.profq.difftest.Catalogue.Column;

/**
 * The values a generated query compares columns with, written in SQL that Calcite and DuckDB read
 * the same way. It draws from the generator's own {@link Random}, in the generator's order, so
 * that a seed gives the same queries as before this was a class of its own.
 */
final class Literals {
    private final Random random;

    Literals(Random random) {
        this.random = random;
    }

    /** A literal of {@code column}'s kind: mostly one of its sampled values (integers now and then nudged by one), else a constant. */
    String literal(Column column) {
        if (column.values().isEmpty() || random.nextInt(25) == 0) {
            return switch (column.kind()) {
                case INTEGRAL -> String.valueOf(random.nextInt(5) - 1);
                case REAL -> "CAST(0.5 AS DOUBLE)";
                case TEXT -> "'x'";
                case BOOL -> "TRUE";
            };
        }
        Object value = column.values().get(random.nextInt(column.values().size()));
        return switch (column.kind()) {
            case INTEGRAL -> {
                long number = ((Number) value).longValue();
                int nudge = random.nextInt(6) == 0 ? random.nextInt(3) - 1 : 0;
                yield String.valueOf(number + nudge);
            }
            case REAL -> "CAST(" + new BigDecimal(((Number) value).doubleValue()).round(new MathContext(12)).toPlainString()
                    + " AS DOUBLE)";
            case TEXT -> quote(value.toString());
            case BOOL -> value.toString().toUpperCase(Locale.ROOT);
        };
    }

    /** One of {@code column}'s sampled values as text, or {@code x} when it has none. */
    String textValue(Column column) {
        if (column.values().isEmpty()) {
            return "x";
        }
        return column.values().get(random.nextInt(column.values().size())).toString();
    }

    /** A prefix of {@code value} for LIKE, without the characters LIKE or either engine could read otherwise. */
    String likePrefix(String value) {
        String clean = value.replaceAll("[\\\\%_\\[\\]]", "");
        return clean.substring(0, clean.isEmpty() ? 0 : 1 + random.nextInt(Math.min(clean.length(), 12)));
    }

    /** A short piece from inside {@code value} for LIKE '%…%', without LIKE's own characters. */
    String likeInfix(String value) {
        String clean = value.replaceAll("[\\\\%_\\[\\]]", "");
        if (clean.length() < 2) {
            return clean;
        }
        int start = random.nextInt(clean.length() - 1);
        return clean.substring(start, Math.min(clean.length(), start + 1 + random.nextInt(4)));
    }

    /** {@code text} as an SQL string literal. */
    static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** One of the six comparison operators. */
    String comparison() {
        return switch (random.nextInt(6)) {
            case 0 -> "=";
            case 1 -> "<>";
            case 2 -> "<";
            case 3 -> "<=";
            case 4 -> ">";
            default -> ">=";
        };
    }
}
