package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Churn;

/**
 * A window function inside a sub-query that refers to the outer query is refused with a
 * sentence: Calcite's decorrelation computed it over every outer row's rows at once, so the
 * fifth-smallest lifetime of a site came out as its smallest (recorded with the exact clock,
 * where the ten lifetimes of {@code Churn.keep} differ). The same window uncorrelated is answered.
 */
class CorrelatedWindowsIT {
    @RegisterExtension
    static final SampleConnection churn = SampleConnection.recorded(Churn.class, "events=calls:deaths,track=1,clock=exact");

    @Test
    void aWindowInACorrelatedSubQueryIsRefusedWithASentence() {
        SQLException refused = assertThrows(SQLException.class, () -> Rows.query(churn.get(),
                "SELECT (SELECT MIN(lifetime_ns) FROM (SELECT lifetime_ns, ROW_NUMBER() OVER (ORDER BY lifetime_ns) AS r"
                        + " FROM lifetimes WHERE site_id = v.site_id) AS t WHERE r >= 5) FROM lifetime_by_site AS v WHERE line = 34"));
        assertTrue(refused.getMessage().contains("a window function (OVER) inside a sub-query that refers to the outer query is"
                + " not supported"), refused::getMessage);
    }

    @Test
    void theSameWindowUncorrelatedIsTheFifthLifetime() throws SQLException {
        List<List<Object>> lifetimes = Rows.query(churn.get(), "SELECT lifetime_ns FROM lifetimes WHERE site_id ="
                + " (SELECT site_id FROM lifetime_by_site WHERE line = 34) ORDER BY lifetime_ns");
        assertEquals(10, lifetimes.size());
        assertEquals(List.of(lifetimes.get(4)), Rows.query(churn.get(), "SELECT MIN(lifetime_ns) FROM (SELECT lifetime_ns,"
                + " ROW_NUMBER() OVER (ORDER BY lifetime_ns) AS r FROM lifetimes WHERE site_id ="
                + " (SELECT site_id FROM lifetime_by_site WHERE line = 34)) AS t WHERE r >= 5"));
    }
}
