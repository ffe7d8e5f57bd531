package org.profq.engine.plan;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.BothPlanners;
import org.profq.engine.testing.Rows;

import profq.samples.Calc;

/**
 * A filter holding a correlated sub-query, over a join one of whose sides gives the statement
 * no column: Calcite trims that side to one constant column and then failed to re-type the
 * sub-query's correlation variable ("Index -1 out of bounds"), on both planners, before
 * {@link CorrelatedFilterTrimmer}. The recording is {@link Calc}'s, as in
 * {@link ConstantGroupKeysIT}; its first class has id 1.
 */
class CorrelatedFilterTrimmerIT {
    @RegisterExtension
    static final BothPlanners calc = BothPlanners.recorded(Calc.class, BothPlanners.CALC_EVENTS);

    @Test
    void aJoinNoRowMeetsUnderNotExistsHasNoRow() throws SQLException {
        calc.assertRows(List.of(), "SELECT t0.at_exit FROM deaths AS t0 JOIN deaths AS t1 ON FALSE"
                + " WHERE NOT EXISTS (SELECT 1 FROM deaths AS s0 WHERE s0.object_id = t0.object_id)");
    }

    @Test
    void aCommaJoinUnderExistsHasARowForEachRowOfTheUnusedSide() throws SQLException {
        List<List<Object>> classes = Rows.query(calc.profq(), "SELECT COUNT(*) FROM classes");
        calc.assertRows(classes, "SELECT COUNT(*) FROM classes AS t0, classes AS t1 WHERE t0.class_id = 1"
                + " AND EXISTS (SELECT 1 FROM classes AS s WHERE s.class_id = t0.class_id)");
    }

    @Test
    void aOneSidedConditionUnderNotExistsKeepsTheColumnTheSubQueryReads() throws SQLException {
        calc.assertRows(List.of(List.of(0L)), "SELECT COUNT(*) FROM classes AS t0 LEFT JOIN classes AS t1 ON t0.class_id = 7"
                + " WHERE NOT EXISTS (SELECT 1 FROM classes AS s WHERE s.class_id = t0.class_id)");
    }
}
