package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.ManyClasses;

/**
 * profq's own time apart, over the ManyClasses sample recorded with the woven-class cache off:
 * loadAll loads 200 classes, each woven afresh inside the call. The weaving is a frame of its own,
 * {@code <profq: weaving>}, a child of loadAll, and is not in loadAll's self time.
 */
class WeavingFrameIT {
    private static final String LOAD_ALL = "profq.samples.ManyClasses.loadAll()";
    private static final String WEAVING = "<profq: weaving>";

    @RegisterExtension
    static final SampleConnection connection = SampleConnection.recorded(ManyClasses.class, "cache=off,clock=exact");

    @Test
    void eachLoadedClassIsWovenInAFrameUnderTheCallThatLoadedIt() throws SQLException {
        assertEquals(List.of(List.of(200L)), Rows.query(connection.get(), """
                SELECT COUNT(*) FROM calls AS w
                JOIN methods AS wm ON wm.method_id = w.method_id
                JOIN calls AS p ON p.call_id = w.parent_call_id
                JOIN methods AS pm ON pm.method_id = p.method_id
                WHERE wm.signature = '%s' AND pm.signature = '%s'""".formatted(WEAVING, LOAD_ALL)));
    }

    @Test
    void theCallsSelfTimeExcludesTheWeaving() throws SQLException {
        List<Object> loadAll = Rows.query(connection.get(), """
                SELECT c.duration_ns, c.self_ns, SUM(w.duration_ns)
                FROM calls AS c
                JOIN methods AS m ON m.method_id = c.method_id
                JOIN calls AS w ON w.parent_call_id = c.call_id
                JOIN methods AS wm ON wm.method_id = w.method_id
                WHERE m.signature = '%s' AND wm.signature = '%s'
                GROUP BY c.call_id, c.duration_ns, c.self_ns""".formatted(LOAD_ALL, WEAVING)).get(0);
        long duration = (Long) loadAll.get(0);
        long self = (Long) loadAll.get(1);
        long weaving = (Long) loadAll.get(2);
        assertTrue(self <= duration - weaving, "loadAll's self time " + self + " ns leaves out its weaving, " + weaving + " ns");
        assertTrue(weaving > self, "weaving 200 classes took longer than loadAll's own code: " + loadAll);
    }

    @Test
    void timeByMethodShowsProfqsTimeApart() throws SQLException {
        assertEquals(List.of(List.of(true)), Rows.query(connection.get(),
                "SELECT is_profq FROM time_by_method WHERE signature = '" + WEAVING + "'"));
        assertEquals(List.of(List.of(false)), Rows.query(connection.get(),
                "SELECT is_profq FROM time_by_method WHERE signature = '" + LOAD_ALL + "'"));
        List<List<Object>> flame = Rows.query(connection.get(),
                "SELECT COUNT(*) FROM flame WHERE stack LIKE '%" + LOAD_ALL + ";" + WEAVING + "'");
        assertEquals(List.of(List.of(1L)), flame);
    }
}
