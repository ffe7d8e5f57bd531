package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.profq.engine.testing.ForkedQueries;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;

import profq.samples.Churn;
import profq.samples.LazyInit;
import profq.samples.ManyEvents;
import profq.samples.ThrowSites;

/**
 * Joins of a small table with {@code calls} or {@code allocations} on their ids hold the small
 * side and stream the big one ({@code IndexLookupJoin}): on a recording of 75 M calls and 25 M
 * allocations, every view and such joins answer in a JVM with a 256 MB heap (before, each of
 * those joins ran out of it); and on samples they give exactly the rows Calcite's own joins give.
 */
class IndexLookupJoinIT {
    private static final String HEAP = "-Xmx256m";

    /** Joins users write, and what Calcite's own plan gives for them, row for row. */
    private static final List<String> JOINS = List.of(
            "SELECT e.line, c.method_id, c.depth FROM exceptions AS e JOIN calls AS c ON c.call_id = e.call_id",
            "SELECT e.line, c.method_id FROM exceptions AS e LEFT JOIN calls AS c ON c.call_id = e.call_id",
            "SELECT c.method_id, e.line FROM calls AS c LEFT JOIN exceptions AS e ON e.call_id = c.call_id",
            "SELECT c.method_id, e.class_id FROM calls AS c JOIN exceptions AS e ON c.call_id = e.call_id WHERE c.depth > 0",
            "SELECT a.site_id, d.death_ns - a.alloc_ns FROM deaths AS d JOIN allocations AS a ON a.object_id = d.object_id",
            "SELECT a.site_id, d.at_exit FROM allocations AS a LEFT JOIN deaths AS d ON d.object_id = a.object_id WHERE a.tracked",
            "SELECT u.kind, a.class_id FROM uses AS u JOIN allocations AS a ON a.object_id = u.object_id",
            "SELECT * FROM exceptions_by_site",
            "SELECT * FROM lifetimes");

    @Test
    void joinsGiveTheRowsCalcitesOwnJoinsGive() throws Exception {
        for (Class<?> sample : List.of(ThrowSites.class, Churn.class, LazyInit.class)) {
            Path recording = SampleRecording.record(SampleRecording.newDirectory(sample), sample,
                    "events=calls:allocations:deaths:exceptions:uses,track=1", 0);
            try (Connection connection = Rows.connect(recording.toString())) {
                for (String join : JOINS) {
                    assertTrue(plan(connection, join).contains("IndexLookupJoin"), join + " streams its big table:\n" + plan(connection, join));
                    List<List<Object>> streamed = sorted(Rows.query(connection, join));
                    List<List<Object>> calcites = withoutProfqRules(() -> sorted(Rows.query(connection, join)));
                    assertEquals(calcites, streamed, sample.getSimpleName() + ": " + join);
                }
                assertTrue(!plan(connection, "SELECT COUNT(*) FROM calls AS a JOIN calls AS b ON b.call_id = a.parent_call_id")
                        .contains("IndexLookupJoin"), "a self-join of calls has no small side to hold");
            }
        }
    }

    @Test
    void everyViewAndJoinsOfSmallTablesAnswerOnSeventyFiveMillionCallsInA256MegabyteHeap() throws Exception {
        Path recording = SampleRecording.newDirectory(ManyEvents.class).resolve("ManyEvents.profq");
        SampleRun.Result run = SampleRun.record(Jdk.current(), recording, "events=calls:allocations:deaths:exceptions:uses",
                ManyEvents.class, "25000000");
        assertEquals(0, run.exitCode(), run.stderr());

        List<String> views = List.of("heap_by_method", "heap_by_site", "heap_by_class", "lifetimes", "lifetime_by_site",
                "waste", "waste_by_site", "time_by_method", "call_tree", "flame", "exceptions_by_site");
        List<String> queries = new ArrayList<>();
        // flame lists the contexts that spent time of their own: profq's weaving frame, a few ticks long, may have none
        views.forEach(view -> queries.add("SELECT '" + view + "', COUNT(*) FROM " + view
                + (view.equals("flame") ? " WHERE stack NOT LIKE '%<profq%'" : "")));
        queries.add("SELECT COUNT(*) FROM calls");
        queries.add("SELECT * FROM exceptions_by_site");
        queries.add("SELECT COUNT(*) FROM calls AS c JOIN exceptions AS e ON e.call_id = c.call_id");
        queries.add("SELECT COUNT(*), COUNT(e.call_id) FROM calls AS c LEFT JOIN exceptions AS e ON e.call_id = c.call_id");
        queries.add("SELECT COUNT(*) FROM uses AS u JOIN allocations AS a ON a.object_id = u.object_id");
        queries.add("SELECT k.name, COUNT(*) FROM deaths AS d JOIN allocations AS a ON a.object_id = d.object_id "
                + "JOIN classes AS k ON k.class_id = a.class_id GROUP BY k.name ORDER BY k.name");

        String printed = ForkedQueries.run(List.of(HEAP), Map.of(), recording, queries);
        // The default track=100 counts per site: a hundredth of the 24,997,500 Items and of the 2,500 exceptions. The
        // program's class loaded by a call is woven in it: profq's weaving frame, one more call and one more context.
        assertEquals("""
                heap_by_method|2
                heap_by_site|2
                heap_by_class|2
                lifetimes|250000
                lifetime_by_site|2
                waste|250000
                waste_by_site|2
                time_by_method|6
                call_tree|6
                flame|5
                exceptions_by_site|1
                74997502
                profq.samples.ManyEvents.fail()|40|java.lang.IllegalStateException|2500|%s
                2500
                74997502|2500
                249975
                java.lang.IllegalStateException|25
                profq.samples.ManyEvents$Item|249975
                """.formatted(printed.lines().toList().get(12).split("\\|", 5)[4]), printed);
    }

    private static String plan(Connection connection, String sql) throws Exception {
        return Rows.query(connection, "EXPLAIN PLAN FOR " + sql).toString();
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(Object::toString));
        return copy;
    }

    /** What {@code query} gives with Calcite's own operators for every join and aggregate. */
    private static <T> T withoutProfqRules(ThrowingSupplier<T> query) throws Exception {
        System.setProperty(ProfqPrepare.INDEX_AGGREGATES, "false");
        try {
            return query.get();
        } finally {
            System.clearProperty(ProfqPrepare.INDEX_AGGREGATES);
        }
    }

    private interface ThrowingSupplier<T> {
        T get() throws Exception;
    }
}
