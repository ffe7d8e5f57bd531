package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;
import org.profq.udf.FunctionLibrary;
import org.profq.udf.SqlFunction;

import profq.samples.Phases;

/**
 * The SQL functions over a real recording, through the driver: Phases calls main → load →
 * pause, then main → compute → pause, and allocates 100 long[8] in each of load and compute.
 */
class SqlFunctionsIT {
    private static final String MAIN = "profq.samples.Phases.main(java.lang.String[])";
    private static final String LOAD = "profq.samples.Phases.load(int)";
    private static final String COMPUTE = "profq.samples.Phases.compute(int)";
    private static final String PAUSE = "profq.samples.Phases.pause(int)";

    @RegisterExtension
    static final SampleConnection phases = SampleConnection.of(Phases.class);

    @Test
    void formatAndNameFunctionsWorkOnTheViews() throws SQLException {
        assertEquals(List.of(List.of("Phases.compute(int)", "profq.samples.Phases", "profq.samples", "50.0%", true),
                        List.of("Phases.load(int)", "profq.samples.Phases", "profq.samples", "50.0%", true)),
                Rows.query(phases.get(), "SELECT simple_name(signature), class_of(signature), package_of(class_of(signature)),"
                        + " fmt_share(share), glob(signature, 'profq.samples.*(int)') FROM heap_by_method ORDER BY signature"));
        List<List<Object>> bytes = Rows.query(phases.get(), "SELECT SUM(bytes), fmt_bytes(SUM(bytes)) FROM heap_by_method");
        long total = (Long) bytes.get(0).get(0);
        assertEquals(org.profq.udf.Formats.fmt_bytes(total), bytes.get(0).get(1));
    }

    @Test
    void percentileOfCallDurationsAgreesWithTheSortedDurations() throws SQLException {
        List<Long> sorted = Rows.query(phases.get(), "SELECT duration_ns FROM calls ORDER BY duration_ns").stream()
                .map(row -> (Long) row.get(0)).toList();
        assertEquals(5, sorted.size());
        // nearest rank: p50 of five is the 3rd, p90 the 5th
        assertEquals(List.of((double) sorted.get(2), (double) sorted.get(4), (double) sorted.get(0)),
                Rows.query(phases.get(), "SELECT percentile(duration_ns, 0.5), percentile(duration_ns, 0.9),"
                        + " percentile(duration_ns, 0) FROM calls").get(0));
        assertEquals(Arrays.asList((Object) null), Rows.query(phases.get(), "SELECT percentile(duration_ns, 0.5) FROM calls WHERE depth > 5").get(0));
    }

    @Test
    void stackIsTheCallsPathFromTheRoot() throws SQLException {
        long pauseInCompute = callId(COMPUTE, PAUSE);
        assertEquals(List.of(List.of(MAIN + ";" + COMPUTE + ";" + PAUSE)),
                Rows.query(phases.get(), "SELECT stack(" + pauseInCompute + ")"));
        assertEquals(Rows.query(phases.get(), "SELECT call_id, stack FROM calls ORDER BY call_id"),
                Rows.query(phases.get(), "SELECT call_id, stack(call_id) FROM calls ORDER BY call_id"));
        assertEquals(Arrays.asList((Object) null), Rows.query(phases.get(), "SELECT stack(999999)").get(0));
    }

    @Test
    void ancestorsAreTheEnclosingCallsParentFirst() throws SQLException {
        long pauseInCompute = callId(COMPUTE, PAUSE);
        assertEquals(List.of(List.of(COMPUTE, 1), List.of(MAIN, 0)), Rows.query(phases.get(),
                "SELECT m.signature, a.depth FROM TABLE(ancestors(" + pauseInCompute + ")) AS a JOIN methods AS m ON m.method_id = a.method_id ORDER BY a.depth DESC"));
        long main = callId(null, MAIN);
        assertEquals(List.of(), Rows.query(phases.get(), "SELECT * FROM TABLE(ancestors(" + main + "))"));
        assertEquals(List.of(), Rows.query(phases.get(), "SELECT * FROM TABLE(ancestors(999999))"));
    }

    @Test
    void descendantsAreTheCallsInsideAndNotTheSiblings() throws SQLException {
        long load = callId(MAIN, LOAD);
        long pauseInLoad = callId(LOAD, PAUSE);
        assertEquals(List.of(List.of(pauseInLoad, MAIN + ";" + LOAD + ";" + PAUSE)),
                Rows.query(phases.get(), "SELECT call_id, stack FROM TABLE(descendants(" + load + "))"));
        long main = callId(null, MAIN);
        assertEquals(Rows.query(phases.get(), "SELECT call_id FROM calls WHERE depth > 0 ORDER BY call_id"),
                Rows.query(phases.get(), "SELECT call_id FROM TABLE(descendants(" + main + ")) ORDER BY call_id"));
        assertEquals(List.of(), Rows.query(phases.get(), "SELECT * FROM TABLE(descendants(" + pauseInLoad + "))"));
        assertEquals(List.of(List.of(1L)), Rows.query(phases.get(), "SELECT COUNT(*) FROM TABLE(descendants(" + callId(MAIN, COMPUTE) + "))"));
    }

    @Test
    void theConnectionListsEveryFunctionWithItsSignatureAndDescription() throws SQLException {
        List<String> names = phases.get().unwrap(FunctionLibrary.class).functions().stream().map(SqlFunction::name).toList();
        assertEquals(List.of("ancestors", "class_of", "descendants", "fmt_bytes", "fmt_ns", "fmt_share", "glob", "histogram",
                "overlap", "package_glob", "package_of", "percentile", "simple_name", "stack"), names);
        for (SqlFunction function : phases.get().unwrap(FunctionLibrary.class).functions()) {
            assertTrue(function.signature().startsWith(function.name() + "(") || function.signature().startsWith("TABLE("), function.signature());
            assertTrue(!function.description().isBlank(), function.name());
        }
    }

    /** The id of the one call of {@code method} whose parent runs {@code parent} (null: an outermost call). */
    private static long callId(String parent, String method) throws SQLException {
        List<List<Object>> rows = Rows.query(phases.get(), "SELECT c.call_id FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id"
                + " LEFT JOIN calls AS p ON p.call_id = c.parent_call_id LEFT JOIN methods AS pm ON pm.method_id = p.method_id"
                + " WHERE m.signature = '" + method + "' AND " + (parent == null ? "p.call_id IS NULL" : "pm.signature = '" + parent + "'"));
        assertEquals(1, rows.size(), () -> parent + " → " + method + ": " + rows);
        return (Long) rows.get(0).get(0);
    }
}
