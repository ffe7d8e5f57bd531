package org.profq.engine.plan;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.BothPlanners;

import profq.samples.Calc;

/**
 * A grouping by constants alone ({@code SELECT DISTINCT 1}, {@code GROUP BY 'x'}) gives one row
 * when its input has rows and none when it has none, in a query that holds a correlated
 * sub-query too. Calcite's decorrelator left the constant keys out, and an aggregate of no key
 * gives a row over no rows: each query over no rows below gave one. The recording is
 * {@link Calc}'s, as in {@link JoinAnswersIT}: 215 calls, 100 of them ({@code square}'s) with a
 * row of {@code params}; no call has a negative depth, no site fewer than no tracked objects.
 * Both planners are asked: the plain one is the differential tester's reference.
 */
class ConstantGroupKeysIT {
    @RegisterExtension
    static final BothPlanners calc = BothPlanners.recorded(Calc.class, BothPlanners.CALC_EVENTS);

    @Test
    void aDistinctConstantOverNoRowsIsNoRow() throws SQLException {
        calc.assertRows(List.of(), "SELECT DISTINCT 1 FROM calls c WHERE c.depth < 0"
                + " AND NOT EXISTS (SELECT 1 FROM params p WHERE p.call_id = c.call_id)");
        calc.assertRows(List.of(List.of(1)), "SELECT DISTINCT 1 FROM calls c"
                + " WHERE NOT EXISTS (SELECT 1 FROM params p WHERE p.call_id = c.call_id)");
    }

    @Test
    void aGroupByAConstantOverNoRowsIsNoGroup() throws SQLException {
        calc.assertRows(List.of(), "SELECT 'x', COUNT(*), MAX(c.depth) FROM calls c WHERE c.depth < 0"
                + " AND EXISTS (SELECT 1 FROM params p WHERE p.call_id = c.call_id) GROUP BY 'x'");
        calc.assertRows(List.of(List.of("x", 100L, 1)), "SELECT 'x', COUNT(*), MAX(c.depth) FROM calls c"
                + " WHERE EXISTS (SELECT 1 FROM params p WHERE p.call_id = c.call_id) GROUP BY 'x'");
    }

    /** The views over sampled sites hold a correlated NOT EXISTS: a constant over none of their rows is none. */
    @Test
    void aDistinctConstantOverNoRowsOfAViewIsNoRow() throws SQLException {
        calc.assertRows(List.of(), "SELECT DISTINCT 1 FROM lifetime_by_site WHERE tracked_objects < 0");
        calc.assertRows(List.of(), "SELECT DISTINCT CAST(NULL AS VARCHAR) FROM waste_by_site WHERE tracked_objects < 0");
        calc.assertRows(List.of(List.of(1)), "SELECT DISTINCT 1 FROM lifetime_by_site");
    }
}
