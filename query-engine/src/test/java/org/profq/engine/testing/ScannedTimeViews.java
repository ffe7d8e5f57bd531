package org.profq.engine.testing;

import java.util.List;
import java.util.stream.Collectors;

import org.profq.engine.ProfileViews;

/**
 * The time views as they are when the index's totals per calling context cannot answer them:
 * each view's own SQL over {@code _compensated_calls} with a filter that keeps every call
 * ({@code call_id > 0}), which no totals answer, so their aggregation scans every call. What
 * the views answered from the totals must equal, row for row.
 */
public final class ScannedTimeViews {
    /** The views over {@code _compensated_calls}. */
    public static final List<String> NAMES = List.of("time_by_method", "call_tree", "flame");
    /** How EXPLAIN shows an aggregation answered from the totals. */
    public static final String FROM_TOTALS = "from=[totals per context]";

    /** {@code view}'s SQL, scanned. */
    public static String sql(String view) {
        String sql = ProfileViews.sql(view).lines().filter(line -> !line.startsWith("--")).collect(Collectors.joining("\n"));
        String scanned = sql.replace("FROM _compensated_calls", "FROM (SELECT * FROM _compensated_calls WHERE call_id > 0) AS every_call");
        if (scanned.equals(sql)) {
            throw new IllegalStateException(view + " does not read _compensated_calls");
        }
        return scanned;
    }

    private ScannedTimeViews() {
    }
}
