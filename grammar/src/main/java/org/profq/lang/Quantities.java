package org.profq.lang;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.antlr.v4.runtime.Token;
import org.profq.lang.ProfqParser.QuantityValueContext;

/**
 * Numbers as the language takes them: a time with its unit (ns to min) or a size (b to gb),
 * turned into the column's own unit, ns or bytes; a column is a time when its name ends in
 * {@code _ns}, a size when it is {@code bytes} or ends in {@code _bytes}.
 */
final class Quantities {
    private static final Map<String, Long> TIME_UNITS = units("ns", 1L, "us", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L,
            "min", 60_000_000_000L);
    private static final Map<String, Long> SIZE_UNITS = units("b", 1L, "kb", 1L << 10, "mb", 1L << 20, "gb", 1L << 30);

    private final StatementErrors errors;

    Quantities(StatementErrors errors) {
        this.errors = errors;
    }

    /** What the column's values are, for a sentence: "a time", "a size" or "a number". */
    static String kind(ProfileCatalog.Column column) {
        if (isTime(column)) {
            return "a time";
        }
        if (isSize(column)) {
            return "a size";
        }
        return "a number";
    }

    /** A value the column can be compared with, for a sentence. */
    static String example(ProfileCatalog.Column column) {
        return isTime(column) ? "a time such as 2ms" : isSize(column) ? "a size such as 10mb" : "a number";
    }

    private static boolean isTime(ProfileCatalog.Column column) {
        return column.name().toLowerCase(Locale.ROOT).endsWith("_ns");
    }

    private static boolean isSize(ProfileCatalog.Column column) {
        String name = column.name().toLowerCase(Locale.ROOT);
        return name.equals("bytes") || name.endsWith("_bytes");
    }

    /** A number with its unit, in the column's own unit (ns or bytes), as SQL; {@code typed} is the column as the user named it. */
    String of(ProfileCatalog.Column column, String typed, QuantityValueContext quantity) {
        Token number = quantity.getStart();
        String unit = quantity.unit == null ? null : quantity.unit.getText().toLowerCase(Locale.ROOT);
        long factor = 1;
        if (isTime(column)) {
            if (unit == null) {
                throw errors.at(number, "'" + typed + "' is a time; give the number a unit: ns, us, ms, s or min (e.g. "
                        + number.getText() + "ms)");
            }
            factor = unit(typed, quantity.unit, TIME_UNITS, "a time", SIZE_UNITS);
        } else if (isSize(column)) {
            factor = unit == null ? 1 : unit(typed, quantity.unit, SIZE_UNITS, "a size", TIME_UNITS);
        } else if (unit != null) {
            throw errors.at(quantity.unit, "'" + typed + "' is a plain number and takes no unit, not " + unit);
        }
        if (number.getType() == ProfqParser.PARAMETER) {
            return factor == 1 ? number.getText() : "CAST(" + number.getText() + " AS DOUBLE) * " + factor;
        }
        BigDecimal value = new BigDecimal(number.getText()).multiply(BigDecimal.valueOf(factor));
        if (value.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw errors.at(number, quantity.getStop(), quantity.getText() + " is too large; the largest is "
                    + Long.MAX_VALUE + (isTime(column) ? "ns" : ""));
        }
        value = value.stripTrailingZeros();
        return value.scale() < 0 ? value.setScale(0).toPlainString() : value.toPlainString();
    }

    private long unit(String typed, Token unit, Map<String, Long> units, String kind, Map<String, Long> others) {
        String word = unit.getText().toLowerCase(Locale.ROOT);
        Long factor = units.get(word);
        if (factor != null) {
            return factor;
        }
        List<String> names = new ArrayList<>(units.keySet());
        String list = String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
        if (others.containsKey(word)) {
            throw errors.at(unit, "'" + typed + "' is " + kind + ", and " + word + " is not a unit of " + kind.substring(2)
                    + "; use " + list);
        }
        throw errors.at(unit, "'" + unit.getText() + "' is not a unit" + Suggestions.didYouMean(word, units.keySet())
                + " ('" + typed + "' takes " + list + ")");
    }

    /** A count such as top's, as SQL. */
    String wholeNumber(Token token) {
        try {
            return Long.toString(Long.parseLong(token.getText()));
        } catch (NumberFormatException e) {
            throw errors.at(token, token.getText() + " is too large; the largest is " + Long.MAX_VALUE);
        }
    }

    private static Map<String, Long> units(Object... pairs) {
        Map<String, Long> units = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            units.put((String) pairs[i], (Long) pairs[i + 1]);
        }
        return units;
    }
}
