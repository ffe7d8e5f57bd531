package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.BothPlanners;
import org.profq.engine.testing.Rows;

import profq.samples.Calc;

/**
 * {@code COALESCE} of a column of a {@code LEFT JOIN}'s nullable side, in a {@code WHERE}: the
 * rows the join padded with NULLs take the default. Before {@link CoalesceKept}, Calcite's
 * simplification made {@code COALESCE(t1.start_ns, 2) < 1} a cast of {@code t1.start_ns} to NOT
 * NULL, which its generated code reads as 0 for a NULL, and profq's plan (the index lookup join
 * under that filter) kept every padded row. The recording is {@link Calc}'s, as in
 * {@link ConstantGroupKeysIT}; a class id is rarely a call's {@code parent_call_id}, so most
 * classes are padded rows (the second test counts them with {@code NOT EXISTS}).
 */
class CoalesceKeptIT {
    @RegisterExtension
    static final BothPlanners calc = BothPlanners.recorded(Calc.class, BothPlanners.CALC_EVENTS);

    private static final String JOIN = "SELECT t1.outermost FROM classes AS t0 LEFT JOIN \"calls\" AS t1"
            + " ON t0.class_id = t1.parent_call_id";

    @Test
    void aPaddedRowTakesTheDefaultAndFailsTheFilter() throws SQLException {
        calc.assertRows(List.of(), JOIN + " WHERE COALESCE(t1.start_ns, 2) < 1");
    }

    @Test
    void aPaddedRowTakesTheDefaultAndPassesTheFilter() throws SQLException {
        List<List<Object>> unmatched = Rows.query(calc.plain(), "SELECT CAST(NULL AS BOOLEAN) FROM classes AS t0"
                + " WHERE NOT EXISTS (SELECT 1 FROM \"calls\" AS c WHERE c.parent_call_id = t0.class_id)");
        assertEquals(false, unmatched.isEmpty(), "the recording has classes no call names as its parent");
        calc.assertRows(unmatched, JOIN + " WHERE COALESCE(t1.start_ns, 0) < 1");
    }
}
