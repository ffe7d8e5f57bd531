package org.profq.engine.jdbc;

import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;

/**
 * Refuses statements that would change a recording or the schema: recordings are read-only,
 * so DDL and DML get one clear error before Calcite sees them.
 */
final class ReadOnlySql {
    private static final Set<String> REFUSED = Set.of(
            "INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT", "CREATE", "DROP", "ALTER", "TRUNCATE", "GRANT",
            "REVOKE", "COMMENT", "RENAME", "SET");

    static void check(String sql) throws SQLException {
        String keyword = firstKeyword(sql);
        if (REFUSED.contains(keyword)) {
            throw new SQLException("profq recordings are read-only: " + keyword
                    + " is refused; query them with SELECT (or EXPLAIN PLAN FOR SELECT ...).", "25006");
        }
    }

    /** The statement's first word, upper-cased, after leading blanks, comments and parentheses. */
    static String firstKeyword(String sql) {
        int position = 0;
        int length = sql == null ? 0 : sql.length();
        while (position < length) {
            char c = sql.charAt(position);
            if (Character.isWhitespace(c) || c == '(') {
                position++;
            } else if (sql.startsWith("--", position)) {
                int newline = sql.indexOf('\n', position);
                position = newline < 0 ? length : newline + 1;
            } else if (sql.startsWith("/*", position)) {
                int close = sql.indexOf("*/", position + 2);
                position = close < 0 ? length : close + 2;
            } else {
                break;
            }
        }
        int end = position;
        while (end < length && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return sql == null ? "" : sql.substring(position, end).toUpperCase(Locale.ROOT);
    }

    private ReadOnlySql() {
    }
}
