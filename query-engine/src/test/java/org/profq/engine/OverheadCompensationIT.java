package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.OverheadCompensation;

/**
 * Overhead compensation over the OverheadCompensation sample: withCalls does the arithmetic of
 * inline, then calls the trivial step a million times, five rounds. The recorder's advice for those
 * calls lands in withCalls' self time; the views take the cost calibrated in place off.
 *
 * <p>Compared in CPU time, which the program's competitors for the CPUs (a loaded CI machine)
 * do not inflate as they do wall time, over the two last rounds (warm: compiled, as the
 * calibration measures the advice).
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
    void theCalibrationsWovenClassIsNoneOfTheProgramsClasses() throws SQLException {
        assertEquals(List.of(List.of(0L)),
                Rows.query(connection.get(), "SELECT COUNT(*) FROM classes WHERE name LIKE 'profq.calibration.%'"));
        assertEquals(List.of(List.of(1L)), Rows.query(connection.get(), "SELECT classes_woven FROM run"));
    }

    /**
     * What compensation takes off a warm round of withCalls is the calibrated cost of its million calls of step, to
     * the nanosecond; how close that brings withCalls to inline depends on the machine's load and the JIT, and is
     * measured by the known-phase benchmark (docs/accuracy-and-overhead.md), not asserted here.
     */
    @Test
    void compensationTakesTheCalibratedAdviceOutOfTheCallersSelfTime() throws SQLException {
        List<Object> run = Rows.query(connection.get(), "SELECT call_cost_ns, call_cost_inside_ns FROM run").get(0);
        double call = (Double) run.get(0);
        double inside = (Double) run.get(1);
        long rawWithCalls = warmSelfCpu("c.self_cpu_ns", WITH_CALLS);
        long compensatedWithCalls = warmSelfCpu(COMPENSATED, WITH_CALLS);
        String figures = "warm rounds' self CPU, raw " + rawWithCalls + " ns, compensated " + compensatedWithCalls
                + " ns; a call's advice " + call + " ns, " + inside + " ns of it inside";
        long wholeCall = Math.round(call); // the costs are taken off in whole ns
        long wholeInside = Math.min(Math.round(inside), wholeCall);
        long perRound = 1_000_000 * (wholeCall - wholeInside) + wholeInside;
        assertTrue(Math.abs(rawWithCalls - compensatedWithCalls - 2 * perRound) <= 2,
                "two rounds of a million calls' advice taken off: " + figures);
        long rawInline = warmSelfCpu("c.self_cpu_ns", INLINE);
        long compensatedInline = warmSelfCpu(COMPENSATED, INLINE);
        assertTrue(Math.abs(rawInline - compensatedInline - 2 * wholeInside) <= 2,
                "inline makes no call: only its own call's advice is taken off: raw " + rawInline + " ns, compensated "
                        + compensatedInline + " ns");
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

    /** A call's self CPU time less the overhead of its own events (calls.self_overhead_ns), at least 0. */
    private static final String COMPENSATED = "CASE WHEN c.self_cpu_ns > c.self_overhead_ns THEN c.self_cpu_ns - c.self_overhead_ns ELSE 0 END";

    /** {@code selfCpu} summed over the method's calls of the sample's two last rounds. */
    private static long warmSelfCpu(String selfCpu, String signature) throws SQLException {
        List<List<Object>> rounds = Rows.query(connection.get(), "SELECT " + selfCpu + " FROM calls AS c JOIN methods AS m"
                + " ON m.method_id = c.method_id WHERE m.signature = '" + signature + "' ORDER BY c.start_ns");
        assertEquals(5, rounds.size(), "a call a round: " + rounds);
        return (Long) rounds.get(3).get(0) + (Long) rounds.get(4).get(0);
    }

}
