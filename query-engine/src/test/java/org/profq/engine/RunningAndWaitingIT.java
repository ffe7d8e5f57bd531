package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.RunningAndWaiting;

/**
 * CPU time apart from waiting, over the RunningAndWaiting sample: one thread sleeps a second in
 * sleep, another computes for a second in compute. Bounds are generous: on a loaded machine the
 * computing thread gets less than a whole CPU (the rest counts as waiting to be scheduled).
 */
class RunningAndWaitingIT {
    private static final long SECOND = 1_000_000_000L;

    @RegisterExtension
    static final SampleConnection connection = SampleConnection.recorded(RunningAndWaiting.class, "clock=exact");

    @Test
    void theSleeperWaitsAndTheComputerRuns() throws SQLException {
        List<Object> sleep = times("sleep");
        List<Object> compute = times("compute");
        long sleepCpu = (Long) sleep.get(1);
        long sleepWait = (Long) sleep.get(2);
        long computeCpu = (Long) compute.get(1);
        long computeWait = (Long) compute.get(2);
        String figures = "sleep " + sleep + ", compute " + compute + " (inclusive, cpu, wait ns)";
        assertTrue(sleepWait > SECOND * 9 / 10, "the sleeper waits about a second: " + figures);
        assertTrue(sleepCpu < SECOND / 10, "and uses little CPU: " + figures);
        assertTrue(computeCpu > SECOND / 4, "the computer uses the CPU: " + figures);
        assertTrue(computeCpu > sleepCpu * 5 && computeWait < sleepWait, "the reverse of the sleeper: " + figures);
    }

    @Test
    void theSleeperIsNotHot() throws SQLException {
        List<List<Object>> rows = Rows.query(connection.get(), "SELECT signature FROM time_by_method");
        int compute = rows.indexOf(List.of("profq.samples.RunningAndWaiting.compute()"));
        int sleep = rows.indexOf(List.of("profq.samples.RunningAndWaiting.sleep()"));
        assertTrue(compute >= 0 && sleep > compute, "time_by_method lists by CPU time, compute before sleep: " + rows);
    }

    private static List<Object> times(String method) throws SQLException {
        return Rows.query(connection.get(), "SELECT inclusive_ns, cpu_ns, wait_ns FROM time_by_method WHERE signature = "
                + "'profq.samples.RunningAndWaiting." + method + "()'").get(0);
    }
}
