package org.profq.engine.plan;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.BothPlanners;

import profq.samples.Calc;

/**
 * A window's {@code MIN} or {@code MAX} of a NULL literal is NULL on every row, over any
 * partition, order or frame. Calcite could not compile it ("Unable to implement
 * EnumerableWindow"), whether the NULL was written or came from a join side no row matches
 * ({@code ON ... AND x BETWEEN 1 AND 0}): the queries of the first two tests failed on both
 * planners. The third asks that an extreme inside an expression, and the aggregates of a NULL
 * that Calcite does compile ({@code COUNT}, {@code SUM}), keep their meaning. The recording is
 * {@link Calc}'s, as in {@link ConstantGroupKeysIT}; its first class has id 1.
 */
class WindowExtremeOfNullIT {
    @RegisterExtension
    static final BothPlanners calc = BothPlanners.recorded(Calc.class, BothPlanners.CALC_EVENTS);

    @Test
    void theExtremeOfANullLiteralIsNull() throws SQLException {
        calc.assertRows(List.of(row(1L, null, null)), "SELECT class_id, MAX(CAST(NULL AS BIGINT)) OVER (ORDER BY class_id),"
                + " MIN(CAST(NULL AS INTEGER)) OVER () FROM classes WHERE class_id = 1");
    }

    @Test
    void theExtremeOfAColumnNoRowMatchesIsNullInEveryFrame() throws SQLException {
        calc.assertRows(List.of(row(1L, null, null, null)),
                "SELECT t0.class_id, MIN(t1.class_id) OVER (PARTITION BY t0.class_id),"
                + " MAX(t1.class_id) OVER (ORDER BY t0.class_id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW),"
                + " MAX(t1.class_id) OVER (ORDER BY t1.class_id DESC NULLS FIRST)"
                + " FROM classes AS t0 LEFT JOIN classes AS t1 ON t0.class_id = t1.class_id AND t1.class_id BETWEEN 1 AND 0"
                + " WHERE t0.class_id = 1");
    }

    @Test
    void anExtremeInsideAnExpressionAndOtherAggregatesOfNullKeepTheirMeaning() throws SQLException {
        calc.assertRows(List.of(row(0L, 0L, null)), "SELECT COALESCE(MAX(t1.class_id) OVER (PARTITION BY t0.class_id), -1) + 1,"
                + " COUNT(t1.class_id) OVER (), SUM(t1.class_id) OVER (ORDER BY t0.class_id)"
                + " FROM classes AS t0 LEFT JOIN classes AS t1 ON FALSE WHERE t0.class_id = 1");
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }
}
