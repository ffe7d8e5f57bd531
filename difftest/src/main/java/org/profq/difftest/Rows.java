package org.profq.difftest;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A normalised row ({@link Answer}) as one line of text and back, for the regression file:
 * values separated by {@code " | "}, NULL as {@code NULL}, strings in single quotes (a quote
 * doubled), numbers in plain decimal, booleans as {@code true}/{@code false}.
 */
final class Rows {
    private Rows() {
    }

    static String format(List<Object> row) {
        List<String> values = new ArrayList<>();
        for (Object value : row) {
            if (value == null) {
                values.add("NULL");
            } else if (value instanceof BigDecimal number) {
                values.add(number.toPlainString());
            } else if (value instanceof Boolean) {
                values.add(value.toString());
            } else {
                values.add("'" + value.toString().replace("'", "''").replace("\n", "\\n") + "'");
            }
        }
        return String.join(" | ", values);
    }

    static List<Object> parse(String line) {
        List<Object> row = new ArrayList<>();
        int at = 0;
        while (at <= line.length()) {
            if (at < line.length() && line.charAt(at) == '\'') {
                StringBuilder text = new StringBuilder();
                at++;
                while (true) {
                    char c = line.charAt(at);
                    if (c == '\'' && at + 1 < line.length() && line.charAt(at + 1) == '\'') {
                        text.append('\'');
                        at += 2;
                    } else if (c == '\'') {
                        at++;
                        break;
                    } else {
                        text.append(c);
                        at++;
                    }
                }
                row.add(text.toString().replace("\\n", "\n"));
            } else {
                int end = line.indexOf(" | ", at);
                String token = (end < 0 ? line.substring(at) : line.substring(at, end)).trim();
                row.add(switch (token) {
                    case "NULL" -> null;
                    case "true" -> Boolean.TRUE;
                    case "false" -> Boolean.FALSE;
                    default -> new BigDecimal(token);
                });
                at = end < 0 ? line.length() : end;
            }
            if (at >= line.length()) {
                break;
            }
            at += 3; // " | "
        }
        return row;
    }
}
