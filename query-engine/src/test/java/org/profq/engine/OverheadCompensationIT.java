package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import profq.samples.OverheadCompensation;

/**
 * Overhead compensation over the OverheadCompensation sample: withCalls does the arithmetic of
 * inline and calls the trivial step a million times a round, three rounds. The recorder's advice
 * for those calls lands in withCalls' self time; the views take the calibrated cost off.
 *
 * <p>Compared in CPU time, which the program's competitors for the CPUs (a loaded CI machine)
 * do not inflate as they do wall time, and summed over the rounds.
 */
class OverheadCompensationIT {
    private static final String WITH_CALLS = "profq.samples.OverheadCompensation.withCalls(long)";
    private static final String INLINE = "profq.samples.OverheadCompensation.inline(long)";

    @RegisterExtension
    static final SampleConnection connection = SampleConnection.of(OverheadCompensation.class);

    @Test
    void theCalibrationIsInTheRunTable() throws SQLException {
        List<Object> run = Rows.query(connection.get(),
                "SELECT call_cost_ns, call_cost_inside_ns, allocation_cost_ns, cpu_period_ns FROM run").get(0);
        double call = (Double) run.get(0);
        double inside = (Double) run.get(1);
        assertTrue(call > 1 && call < 10_000, "a call's advice costs " + call + " ns");
        assertTrue(inside >= 0 && inside <= call, "of which " + inside + " ns between its clock readings");
        assertTrue((Double) run.get(2) > 0, "an allocation's advice costs " + run.get(2) + " ns");
        assertEquals(1_000_000L, run.get(3));
    }

    @Test
    void compensationTakesTheAdviceOutOfTheCallersSelfTime() throws SQLException {
        long rawWithCalls = selfCpu("SUM(c.self_cpu_ns)", WITH_CALLS);
        long rawInline = selfCpu("SUM(c.self_cpu_ns)", INLINE);
        long compensatedWithCalls = viewSelfCpu(WITH_CALLS);
        long compensatedInline = viewSelfCpu(INLINE);
        String figures = "raw self CPU: withCalls " + rawWithCalls + " ns, inline " + rawInline + " ns; compensated: withCalls "
                + compensatedWithCalls + " ns, inline " + compensatedInline + " ns";
        assertTrue(rawWithCalls > rawInline * 11 / 10, "the advice shows in the raw self time: " + figures);
        // Not within 15 % of inline's, as issue 23 asked: what a call's advice costs in place varies from run
        // to run with the JIT's choices by more than that (README, "Overhead compensation", its limits).
        assertTrue(Math.abs(compensatedWithCalls - compensatedInline) < Math.abs(rawWithCalls - rawInline),
                "compensation brings withCalls closer to inline: " + figures);
        assertTrue(compensatedInline > rawInline * 9 / 10, "inline makes one call a round: hardly compensated: " + figures);
    }

    @Test
    void rawTimesStayInCallsAndInTheRawColumns() throws SQLException {
        assertEquals(Rows.query(connection.get(), """
                        SELECT SUM(c.duration_ns), SUM(c.self_ns) FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id
                        WHERE m.signature = '%s'""".formatted(WITH_CALLS)),
                Rows.query(connection.get(), "SELECT raw_inclusive_ns, raw_self_ns FROM time_by_method WHERE signature = '"
                        + WITH_CALLS + "'"));
        List<Object> compensated = Rows.query(connection.get(),
                "SELECT self_ns, raw_self_ns FROM time_by_method WHERE signature = '" + WITH_CALLS + "'").get(0);
        assertTrue((Long) compensated.get(0) < (Long) compensated.get(1), "compensated self time is below the raw: " + compensated);
    }

    private static long selfCpu(String aggregate, String signature) throws SQLException {
        return (Long) Rows.query(connection.get(), "SELECT " + aggregate + " FROM calls AS c JOIN methods AS m"
                + " ON m.method_id = c.method_id WHERE m.signature = '" + signature + "'").get(0).get(0);
    }

    private static long viewSelfCpu(String signature) throws SQLException {
        return (Long) Rows.query(connection.get(), "SELECT self_cpu_ns FROM time_by_method WHERE signature = '" + signature + "'")
                .get(0).get(0);
    }
}
