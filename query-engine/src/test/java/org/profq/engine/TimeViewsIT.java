package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Recursion;

/**
 * The calls table and time_by_method over the Recursion sample, recorded through the real
 * agent with the exact clock: main (depth 0) calls sum(10), which recurses to sum(0): 11
 * calls of sum at depths 1..11.
 */
class TimeViewsIT {
    private static final String SUM = "profq.samples.Recursion.sum(int)";
    private static final String MAIN = "profq.samples.Recursion.main(java.lang.String[])";

    @RegisterExtension
    static final SampleConnection connection = SampleConnection.of(Recursion.class);

    @Test
    void callsHaveOneRowPerExecutionWithItsNesting() throws SQLException {
        assertEquals(List.of(List.of("main", 1L, 0, 0, 1L), List.of("sum", 11L, 1, 11, 1L)), Rows.query(connection.get(), """
                SELECT m.name, COUNT(*), MIN(c.depth), MAX(c.depth), COUNT(*) FILTER (WHERE c.outermost)
                FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id
                GROUP BY m.name ORDER BY m.name"""));
        assertEquals(List.of(List.of(1L)), Rows.query(connection.get(),
                "SELECT COUNT(*) FROM calls WHERE parent_call_id IS NULL AND depth = 0 AND finished AND NOT threw"));
    }

    @Test
    void selfTimeIsDurationLessTheDirectCallees() throws SQLException {
        assertEquals(List.of(), Rows.query(connection.get(), """
                WITH callees AS (
                    SELECT parent_call_id, SUM(duration_ns) AS ns FROM calls GROUP BY parent_call_id
                )
                SELECT c.call_id FROM calls AS c LEFT JOIN callees AS k ON k.parent_call_id = c.call_id
                WHERE c.self_ns <> c.duration_ns - COALESCE(k.ns, 0) OR c.duration_ns <> c.end_ns - c.start_ns"""));
        assertEquals(List.of(List.of(12L)), Rows.query(connection.get(), "SELECT COUNT(*) FROM calls WHERE self_ns > 0"));
    }

    @Test
    void timeByMethodCountsRecursionOnce() throws SQLException {
        List<Object> outermostSum = Rows.query(connection.get(), "SELECT duration_ns FROM calls WHERE depth = 1").get(0);
        long sumNanos = (Long) outermostSum.get(0);
        long mainNanos = (Long) Rows.query(connection.get(), "SELECT duration_ns FROM calls WHERE depth = 0").get(0).get(0);
        assertTrue(sumNanos > 0 && mainNanos > sumNanos, "the exact clock gives real durations");
        assertEquals(List.of(
                        List.of(MAIN, 1L, mainNanos, mainNanos - sumNanos),
                        List.of(SUM, 11L, sumNanos, sumNanos)),
                Rows.query(connection.get(), "SELECT signature, calls, raw_inclusive_ns, raw_self_ns FROM time_by_method"
                        + " ORDER BY raw_inclusive_ns DESC"));
        assertEquals(List.of(), Rows.query(connection.get(), """
                SELECT signature FROM time_by_method
                WHERE inclusive_ns > raw_inclusive_ns OR self_ns > raw_self_ns OR mean_ns <> inclusive_ns OR max_ns <> inclusive_ns
                   OR share <> CAST(inclusive_ns AS DOUBLE) / (SELECT inclusive_ns FROM time_by_method WHERE signature = '%s')"""
                .formatted(MAIN)), "compensated times, one activation each, as shares of main's");
    }
}
