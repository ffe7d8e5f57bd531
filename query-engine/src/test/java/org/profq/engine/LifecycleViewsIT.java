package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Churn;
import profq.samples.ThrowSites;

/**
 * The lifecycle tables and views, on recordings made through the real agent: {@link Churn}
 * with every allocation tracked (10,000 Items and their list die at a full collection; 10
 * Items and their list live to the end), and {@link ThrowSites} (3 + 5 + 2 throws at three
 * sites).
 */
class LifecycleViewsIT {
    @RegisterExtension
    static final SampleConnection churn = SampleConnection.recorded(Churn.class, "events=calls:deaths,track=1");

    @RegisterExtension
    static final SampleConnection throwSites = SampleConnection.recorded(ThrowSites.class, "events=calls:exceptions");

    @Test
    void everyTrackedObjectHasExactlyOneDeathRow() throws SQLException {
        assertEquals(List.of(List.of(10_012L, 10_012L, 11L)), Rows.query(churn.get(),
                "SELECT (SELECT COUNT(*) FROM allocations WHERE tracked), COUNT(*),"
                        + " COUNT(CASE WHEN at_exit THEN 1 END) FROM deaths"));
        assertEquals(List.of(List.of(0L)), Rows.query(churn.get(),
                "SELECT COUNT(*) FROM deaths AS d LEFT JOIN allocations AS a ON a.object_id = d.object_id"
                        + " WHERE a.object_id IS NULL OR NOT a.tracked"));
    }

    @Test
    void lifetimeBySiteSeparatesTheDroppedFromTheKept() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.Churn.fill(int)", 27, "profq.samples.Churn$Item", 10_000L, 0L),
                        List.of("profq.samples.Churn.keep(int)", 34, "profq.samples.Churn$Item", 10L, 10L),
                        List.of("profq.samples.Churn.<clinit>()", 12, "java.util.ArrayList", 1L, 1L),
                        List.of("profq.samples.Churn.fill(int)", 25, "java.util.ArrayList", 1L, 0L)),
                Rows.query(churn.get(), "SELECT signature, line, type_name, tracked_objects, alive_at_exit FROM lifetime_by_site"
                        + " ORDER BY tracked_objects DESC, alive_at_exit DESC"));
        // The percentiles are the lifetimes at rank CEIL(p * n) of each site's n.
        assertEquals(List.of(List.of(true, true, true)), Rows.query(churn.get(),
                "SELECT p50_ns = (SELECT MIN(lifetime_ns) FROM (SELECT lifetime_ns, ROW_NUMBER() OVER (ORDER BY lifetime_ns) AS r"
                        + " FROM lifetimes WHERE site_id = (SELECT site_id FROM lifetime_by_site WHERE line = 34)) AS t WHERE r >= 5),"
                        + " p50_ns <= p90_ns, p90_ns <= max_ns"
                        + " FROM lifetime_by_site AS v WHERE line = 34"));
        // Objects alive at exit lived until the end; the dropped ones died before keep() ran.
        List<List<Object>> bounds = Rows.query(churn.get(), "SELECT MAX(CASE WHEN NOT at_exit THEN death_ns END),"
                + " MIN(CASE WHEN at_exit THEN death_ns END), (SELECT duration_ns FROM run) FROM lifetimes");
        long lastDeath = (Long) bounds.get(0).get(0);
        long exitDeaths = (Long) bounds.get(0).get(1);
        assertTrue(lastDeath < exitDeaths, "dropped objects died before the end");
        assertTrue(exitDeaths <= (Long) bounds.get(0).get(2), "objects alive at exit 'die' when the recording closes");
    }

    @Test
    void exceptionsBySiteCountsEachThrowOnceWhereItWasFirstSeen() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.ThrowSites.recovering(int)", 34, "java.lang.IllegalArgumentException", 5L),
                        List.of("profq.samples.ThrowSites.failing(int)", 29, "java.lang.IllegalStateException", 3L),
                        List.of("profq.samples.ThrowSites.parsing(java.lang.String)", 42, "java.lang.NumberFormatException", 2L)),
                Rows.query(throwSites.get(), "SELECT signature, line, type_name, throws FROM exceptions_by_site ORDER BY throws DESC"));
    }
}
