package org.profq.difftest;

import java.util.Locale;
import java.util.Set;

/**
 * Identifiers as generated SQL writes them: unquoted where both engines read them so (the
 * minimised queries in findings stay readable), double-quoted where either reserves the word.
 */
final class SqlNames {
    /** Words Calcite or DuckDB reserve that profq's tables and views use as column or table names (and a margin). */
    private static final Set<String> RESERVED = Set.of("value", "position", "type", "path", "kind", "member", "depth",
            "line", "name", "calls", "values", "order", "group", "user", "year", "time", "start", "end", "first", "last",
            "rows", "row", "at", "count", "sum", "min", "max", "avg", "method", "offset", "limit", "interval", "current",
            "default", "system", "function", "language", "size", "percent", "share", "schema", "table", "mean");

    private SqlNames() {
    }

    static String quote(String name) {
        if (name.matches("[a-z_][a-z0-9_]*") && !RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
            return name;
        }
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
