package org.profq.engine.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A recording a test class opens twice, with profq's planner and with the plain one (Calcite's
 * own operators over whole scans, the differential tester's reference), to ask both the same
 * query and expect the same rows. Declared as
 * {@code @RegisterExtension static final BothPlanners calc = BothPlanners.recorded(Calc.class, BothPlanners.CALC_EVENTS);}.
 */
public final class BothPlanners implements BeforeAllCallback, AfterAllCallback {
    /** Calc recorded with every event family and square's parameter values: 215 calls, 100 of them square's. */
    public static final String CALC_EVENTS = "events=calls:allocations:deaths:exceptions:uses,track=1,values=*Calc.square";

    private final SampleConnection profq;
    private final SampleConnection plain;

    private BothPlanners(SampleConnection profq) {
        this.profq = profq;
        this.plain = profq.withPlainPlanner();
    }

    /** A recording of {@code mainClass} with these agent options, for this test class alone. */
    public static BothPlanners recorded(Class<?> mainClass, String options) {
        return new BothPlanners(SampleConnection.recorded(mainClass, options));
    }

    /** The connection planned by profq's rules. */
    public Connection profq() {
        return profq.get();
    }

    /** The connection planned by Calcite alone ({@code planner=plain}). */
    public Connection plain() {
        return plain.get();
    }

    /** Asserts that both planners give {@code expected} for {@code sql}. */
    public void assertRows(List<List<Object>> expected, String sql) throws SQLException {
        assertEquals(expected, Rows.query(profq(), sql), "profq: " + sql);
        assertEquals(expected, Rows.query(plain(), sql), "planner=plain: " + sql);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        profq.beforeAll(context);
        plain.beforeAll(context);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        try {
            plain.afterAll(context);
        } finally {
            profq.afterAll(context);
        }
    }
}
