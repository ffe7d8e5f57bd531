package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Allocations;
import profq.samples.ManyCalls;
import profq.samples.Recursion;
import profq.samples.Threads;

/**
 * Compensated times keep the call tree's sums, on recordings of real runs through the agent: no
 * method, calling context or call whose self time is above its inclusive time, no caller below
 * its callees, each call exactly its own time plus its callees' (read back from the index's
 * corrections, in the time views and in the scan alike), and each thread's outermost call short
 * of its measured time by exactly the calibrated cost of the events inside it, when it could pay
 * for them. ManyCalls' five million calls of a method shorter than a tick of the default clock
 * are the case where a callee cannot pay for its advice and its caller does.
 */
class TimeTreeInvariantsIT {

    @ParameterizedTest
    @ValueSource(classes = {ManyCalls.class, Recursion.class, Threads.class, Allocations.class})
    void noSelfTimeAboveInclusiveTime(Class<?> sample) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(sample).toString())) {
            assertEquals(List.of(List.of(0L)), Rows.query(connection, """
                    SELECT COUNT(*) FROM time_by_method
                    WHERE self_ns > inclusive_ns OR self_cpu_ns > cpu_ns OR self_ns < 0 OR self_cpu_ns < 0"""));
            assertEquals(List.of(List.of(0L)), Rows.query(connection, """
                    SELECT COUNT(*) FROM call_tree
                    WHERE self_ns > inclusive_ns OR self_cpu_ns > cpu_ns OR self_ns < 0 OR self_cpu_ns < 0"""));
        }
    }

    @ParameterizedTest
    @ValueSource(classes = {ManyCalls.class, Recursion.class, Threads.class, Allocations.class})
    void everyCallingContextIsItsOwnTimePlusItsCallees(Class<?> sample) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(sample).toString())) {
            assertEquals(List.of(List.of(0L)), Rows.query(connection, """
                    SELECT COUNT(*) FROM call_tree AS p
                    LEFT JOIN (SELECT p.path, SUM(c.inclusive_ns) AS inclusive_ns, SUM(c.cpu_ns) AS cpu_ns
                               FROM call_tree AS p JOIN call_tree AS c
                                 ON c.depth = p.depth + 1 AND SUBSTRING(c.path FROM 1 FOR CHAR_LENGTH(p.path) + 1) = p.path || ';'
                               GROUP BY p.path) AS callees
                      ON callees.path = p.path
                    WHERE p.inclusive_ns <> p.self_ns + COALESCE(callees.inclusive_ns, 0)
       OR p.cpu_ns <> p.self_cpu_ns + COALESCE(callees.cpu_ns, 0)"""));
        }
    }

    @ParameterizedTest
    @ValueSource(classes = {ManyCalls.class, Recursion.class, Threads.class})
    void everyCallIsItsOwnTimePlusItsCallees(Class<?> sample) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(sample).toString())) {
            assertEquals(List.of(List.of(0L)), Rows.query(connection, """
                    SELECT COUNT(*) FROM _compensated_calls AS p
                    LEFT JOIN (SELECT parent_call_id, SUM(inclusive_ns) AS inclusive_ns, SUM(cpu_ns) AS cpu_ns
                               FROM _compensated_calls WHERE parent_call_id IS NOT NULL GROUP BY parent_call_id) AS callees
                      ON callees.parent_call_id = p.call_id
                    WHERE p.inclusive_ns <> p.self_ns + COALESCE(callees.inclusive_ns, 0)
                       OR p.cpu_ns <> p.self_cpu_ns + COALESCE(callees.cpu_ns, 0)
                       OR p.self_ns < 0 OR p.self_cpu_ns < 0"""));
        }
    }

    @ParameterizedTest
    @ValueSource(classes = {ManyCalls.class, Threads.class})
    void theOutermostCallsLoseExactlyTheCalibratedCostOfTheirEvents(Class<?> sample) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(sample).toString())) {
            // each thread whose calls are one tree: its outermost call, and the self overheads of all its calls
            List<List<Object>> roots = Rows.query(connection, """
                    SELECT t.inclusive_ns, c.duration_ns - o.overhead_ns, o.overhead_ns, t.self_ns
                    FROM _compensated_calls AS t JOIN calls AS c ON c.call_id = t.call_id
                    JOIN (SELECT thread_id, SUM(self_overhead_ns) AS overhead_ns, SUM(CASE WHEN parent_call_id IS NULL THEN 1 ELSE 0 END) AS roots
                          FROM calls GROUP BY thread_id) AS o ON o.thread_id = c.thread_id
                    WHERE t.parent_call_id IS NULL AND o.roots = 1""");
            assertTrue(!roots.isEmpty());
            for (List<Object> root : roots) {
                if ((Long) root.get(3) > 0) {
                    assertEquals(root.get(1), root.get(0), "an outermost call that paid for its events: " + root);
                }
            }
            if (sample == ManyCalls.class) {
                List<Object> main = Rows.query(connection, """
                        SELECT t.inclusive_ns, c.duration_ns, (SELECT SUM(self_overhead_ns) FROM calls WHERE thread_id = c.thread_id),
                               t.self_ns
                        FROM _compensated_calls AS t JOIN calls AS c ON c.call_id = t.call_id
                        JOIN methods AS m ON m.method_id = t.method_id
                        WHERE m.name = 'main'""").get(0);
                assertTrue((Long) main.get(2) > 5_000_000L, "five million calls' advice, some ns each: " + main);
                if ((Long) main.get(3) > 0) {
                    assertEquals((Long) main.get(1) - (Long) main.get(2), main.get(0), "main paid for its calls' advice: " + main);
                } else {
                    // A calibration above what the calls cost here (a loaded machine) leaves main's own time at 0:
                    // it pays what it can, and no time is made up.
                    assertTrue((Long) main.get(0) >= (Long) main.get(1) - (Long) main.get(2) && (Long) main.get(0) < (Long) main.get(1),
                            "main paid for its calls' advice as far as its own time could: " + main);
                }
            }
        }
    }
}
