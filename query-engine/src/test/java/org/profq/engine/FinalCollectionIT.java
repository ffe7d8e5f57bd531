package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.HalfDropped;

/**
 * The final collection at exit: {@link HalfDropped} keeps its 100 even Items and drops the 100
 * odd ones just before it ends. With the collection (the default) the dropped are marked
 * unreachable at exit and the kept reachable; with finalgc=false neither is told.
 */
class FinalCollectionIT {
    /** The Items in allocation order, each with whether it was kept (the even ones). */
    private static final String ITEMS = "SELECT l.at_exit, l.reachable_at_exit, MOD(ROW_NUMBER() OVER (ORDER BY l.object_id), 2) = 1 AS kept"
            + " FROM lifetimes AS l JOIN classes AS c ON c.class_id = l.class_id WHERE c.name = 'profq.samples.HalfDropped$Item'";

    @RegisterExtension
    static final SampleConnection collected = SampleConnection.recorded(HalfDropped.class, "events=deaths,track=1");

    @RegisterExtension
    static final SampleConnection untold = SampleConnection.recorded(HalfDropped.class, "events=deaths,track=1,finalgc=false");

    @Test
    void theDroppedHalfIsUnreachableAtExitAndTheKeptHalfReachable() throws SQLException {
        assertEquals(List.of(List.of(false, false, 100L), List.of(true, true, 100L)), Rows.query(collected.get(),
                "SELECT kept, reachable_at_exit, COUNT(*) FROM (" + ITEMS + ") AS i GROUP BY kept, reachable_at_exit ORDER BY kept"));
        assertEquals(List.of(List.of(100L, 100L)), Rows.query(collected.get(), "SELECT alive_at_exit,"
                + " unreachable_at_exit + (tracked_objects - alive_at_exit - unreachable_at_exit) FROM lifetime_by_site"
                + " WHERE type_name = 'profq.samples.HalfDropped$Item'"));
    }

    @Test
    void withoutTheFinalCollectionReachabilityAtExitIsNotTold() throws SQLException {
        assertEquals(List.of(Arrays.asList(true, null, 100L)), Rows.query(untold.get(),
                "SELECT at_exit, reachable_at_exit, COUNT(*) FROM (" + ITEMS + ") AS i WHERE kept GROUP BY at_exit, reachable_at_exit"));
    }
}
