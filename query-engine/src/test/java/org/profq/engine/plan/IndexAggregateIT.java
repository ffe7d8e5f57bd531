package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.engine.scan.AggregationScan;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Exceptions;
import profq.samples.ManyCalls;

/**
 * A GROUP BY computed on the index's columns ({@code IndexAggregate}) gives exactly the rows
 * Calcite's own operators give for the same query on the same recording: NULL keys and NULL
 * sums, empty inputs, a text key named from ids, FILTER, CASE, MIN and MAX.
 */
class IndexAggregateIT {
    @RegisterExtension
    static final SampleConnection connection = SampleConnection.recorded(Exceptions.class, "events=calls:exceptions:deaths,track=3");

    private static Path manyCalls;

    @BeforeAll
    static void record(@TempDir Path directory) {
        manyCalls = SampleRecording.record(directory, ManyCalls.class, "", 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT method_id, COUNT(*), SUM(self_ns), MIN(depth), MAX(duration_ns) FROM calls GROUP BY method_id",
            "SELECT COUNT(*), SUM(duration_ns), MIN(start_ns), MAX(depth) FROM calls WHERE depth > 1000",
            "SELECT parent_call_id, COUNT(*), SUM(depth) FROM calls GROUP BY parent_call_id",
            "SELECT stack, depth, method_id, COUNT(*), SUM(duration_ns) FROM calls GROUP BY stack, depth, method_id",
            "SELECT array_length, COUNT(*), SUM(size_bytes), MIN(array_length) FROM allocations GROUP BY array_length",
            "SELECT site_id, SUM(CASE WHEN tracked THEN 1 ELSE 0 END), COUNT(array_length), MAX(array_length) FROM allocations GROUP BY site_id",
            "SELECT method_id, COUNT(*) FILTER (WHERE threw), SUM(duration_ns) FILTER (WHERE NOT finished) FROM calls GROUP BY method_id",
            "SELECT COUNT(*), SUM(CASE WHEN outermost THEN duration_ns ELSE 0 END) FROM calls WHERE parent_call_id IS NULL OR depth = 3",
            "SELECT method_id, SUM(CASE WHEN depth > 2 THEN 100 WHEN depth > 1 THEN 10 WHEN threw THEN NULL ELSE 1 END), "
                    + "COUNT(CASE WHEN threw THEN NULL ELSE depth END) FROM calls GROUP BY method_id",
            "SELECT thread_id, class_id, COUNT(*), MIN(line), MAX(throw_ns - throw_ns) FROM exceptions GROUP BY thread_id, class_id"})
    void givesTheRowsCalciteGives(String sql) throws SQLException {
        String plan = (String) Rows.query(connection.get(), "EXPLAIN PLAN FOR " + sql).get(0).get(0);
        assertTrue(plan.startsWith("IndexAggregate("), "the aggregate is computed on the index: " + plan);
        List<List<Object>> pushed = sorted(Rows.query(connection.get(), sql));

        List<List<Object>> calcites;
        System.setProperty(ProfqPrepare.INDEX_AGGREGATES, "false");
        try {
            String calcitePlan = (String) Rows.query(connection.get(), "EXPLAIN PLAN FOR " + sql).get(0).get(0);
            assertTrue(!calcitePlan.contains("IndexAggregate"), calcitePlan);
            calcites = sorted(Rows.query(connection.get(), sql));
        } finally {
            System.clearProperty(ProfqPrepare.INDEX_AGGREGATES);
        }

        assertEquals(calcites, pushed);
        assertTrue(!pushed.isEmpty());
    }

    /**
     * 5 M calls scanned in 4 ranges at once: the split scan's groups and totals, merged, are
     * Calcite's; main's row (and so its group, and the NULL parent) is only in the last range.
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT method_id, COUNT(*), SUM(self_ns), MIN(depth), MAX(duration_ns) FROM calls GROUP BY method_id",
            "SELECT parent_call_id, COUNT(*), SUM(CASE WHEN outermost THEN duration_ns ELSE 0 END) FROM calls "
                    + "WHERE call_id > 1000 GROUP BY parent_call_id"})
    void aScanSplitOverThreadsGivesTheRowsCalciteGives(String sql) throws SQLException {
        System.setProperty(AggregationScan.SCAN_THREADS, "4");
        try (Connection many = Rows.connect(manyCalls.toString())) {
            List<List<Object>> pushed = sorted(Rows.query(many, sql));
            System.setProperty(ProfqPrepare.INDEX_AGGREGATES, "false");
            try {
                assertEquals(sorted(Rows.query(many, sql)), pushed);
            } finally {
                System.clearProperty(ProfqPrepare.INDEX_AGGREGATES);
            }
            assertEquals(2, pushed.size(), "main and f: " + pushed);
        } finally {
            System.clearProperty(AggregationScan.SCAN_THREADS);
        }
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparing(Object::toString));
        return sorted;
    }
}
