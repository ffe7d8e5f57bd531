package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.AllocationCycle;
import profq.samples.PayloadCache;

/**
 * Which objects are tracked cannot alias with the allocation pattern: the first and every
 * track'th allocation of each site is followed, so every site has its share, and the lifetime
 * and waste views scale each site's sample to its exact allocation count. {@link PayloadCache}
 * (an Entry and a byte[1024] per miss, default track=100: a per-thread period tracked no
 * payload at all) and {@link AllocationCycle} (three sites in a cycle, track=99, a multiple of 3).
 */
class TrackingSamplingIT {
    @RegisterExtension
    static final SampleConnection cache = SampleConnection.recorded(PayloadCache.class, "events=deaths");

    @RegisterExtension
    static final SampleConnection cycle = SampleConnection.recorded(AllocationCycle.class, "events=uses,track=99");

    @Test
    void everyCacheSiteHasItsShareOfTrackedObjects() throws SQLException {
        // 500 of each; the 1st, 101st, ..., 401st tracked; all held by the cache to the end.
        assertEquals(List.of(
                        List.of("profq.samples.PayloadCache$Entry", 500L, 5L, 5L, 0L, 500L),
                        List.of("byte[]", 500L, 5L, 5L, 0L, 500L)),
                Rows.query(cache.get(), "SELECT type_name, allocated_objects, tracked_objects, alive_at_exit, unreachable_at_exit,"
                        + " est_alive_at_exit FROM lifetime_by_site WHERE signature LIKE '%PayloadCache.lookup%'"
                        + " ORDER BY type_name DESC"));
    }

    @Test
    void aCycleOfThreeSitesWithAPeriodOfNinetyNineTracksEachSite() throws SQLException {
        List<List<Object>> sites = Rows.query(cycle.get(), "SELECT type_name, allocated_objects, tracked_objects"
                + " FROM lifetime_by_site WHERE signature LIKE '%AllocationCycle.main%' ORDER BY type_name");
        assertEquals(List.of("profq.samples.AllocationCycle$Blue", "profq.samples.AllocationCycle$Green",
                "profq.samples.AllocationCycle$Red"), sites.stream().map(row -> row.get(0)).toList());
        for (List<Object> site : sites) {
            assertEquals(3000L, site.get(1), "allocations are counted exactly: " + site);
            long estimate = (Long) site.get(2) * 99;
            assertTrue(Math.abs(estimate - 3000) <= 300, "tracked * period within 10% of the allocations: " + site);
        }
        // The waste view's estimates scale each site's sums by its own allocated / tracked.
        List<List<Object>> waste = Rows.query(cycle.get(), "SELECT type_name, tracked_objects, est_lifetime_ns, lifetime_ns,"
                + " allocated_objects FROM waste_by_site WHERE signature LIKE '%AllocationCycle.main%' ORDER BY type_name");
        assertEquals(3, waste.size(), waste.toString());
        for (List<Object> site : waste) {
            double scaled = (Long) site.get(3) * ((Long) site.get(4) / (double) (Long) site.get(1));
            assertEquals(Math.round(scaled), (Long) site.get(2), 1, "est_lifetime_ns = lifetime_ns * allocated / tracked: " + site);
        }
    }
}
