package org.profq.difftest;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * profq's glob functions in DuckDB, which the profiling language compiles a pattern given as a
 * parameter to: {@code glob(text, pattern)} (the whole text matches; {@code *} any run of
 * characters, {@code ?} one, every other character itself) and {@code package_glob(package,
 * pattern)} (the glob, and for {@code a.b.*} the package {@code a.b} itself), as
 * {@code org.profq.lang.Glob} reads them. DuckDB's own {@code glob} is a table function, so the
 * macros have names of their own and the SQL is translated to them. NULL in, NULL out.
 */
final class DuckDbGlobs {
    private static final Pattern GLOB_CALL = Pattern.compile("(?<![A-Za-z0-9_])glob\\(");
    private static final Pattern PACKAGE_GLOB_CALL = Pattern.compile("(?<![A-Za-z0-9_])package_glob\\(");

    static void define(Statement duckdb) throws SQLException {
        // the pattern as a regular expression: regex metacharacters quoted, then * and ? as wildcards
        duckdb.execute("CREATE MACRO profq_glob(t, p) AS regexp_full_match(t, regexp_replace(regexp_replace("
                + "regexp_replace(p, '([.^$+(){}\\[\\]|\\\\])', '\\\\\\1', 'g'), '\\*', '.*', 'g'), '\\?', '.', 'g'), 's')");
        duckdb.execute("CREATE MACRO profq_package_glob(k, p) AS coalesce(k = CASE WHEN length(p) > 2 AND suffix(p, '.*')"
                + " AND NOT regexp_matches(left(p, length(p) - 2), '[*?]') THEN left(p, length(p) - 2) END, false)"
                + " OR profq_glob(k, p)");
    }

    static String translate(String sql) {
        String packages = PACKAGE_GLOB_CALL.matcher(sql).replaceAll("profq_package_glob(");
        return GLOB_CALL.matcher(packages).replaceAll("profq_glob(");
    }

    private DuckDbGlobs() {
    }
}
