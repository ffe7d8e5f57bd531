package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;
import org.profq.engine.testing.SampleRecording;

import profq.samples.RepeatedArguments;
import profq.samples.Threads;

/**
 * A query that would not finish (a three-way cross join over the 160,009 calls of the Threads
 * sample: ~4·10^15 rows) stops soon after {@code Statement.cancel()}, and the connection goes on
 * answering. A statement whose plan takes seconds to make (a union of twelve joins of two
 * views, each view expanded and planned anew) stops while it is being planned.
 */
class CancelIT {
    @RegisterExtension
    static final SampleConnection values = SampleConnection.recorded(RepeatedArguments.class,
            "clock=exact,events=calls:allocations:deaths:exceptions:uses,track=1,values=*RepeatedArguments.square");
    /** Expands every view in place, so a union of joins of views still takes many seconds to plan. */
    @RegisterExtension
    static final SampleConnection plain = values.withPlainPlanner();

    @Test
    void aQueryThatWouldNotFinishStopsWhenCancelled() throws Exception {
        try (Connection connection = Rows.connect(SampleRecording.of(Threads.class).toString());
             Statement statement = connection.createStatement()) {
            CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                try (ResultSet rows = statement.executeQuery(
                        "SELECT COUNT(*) FROM calls AS a, calls AS b, calls AS c WHERE a.depth + b.depth + c.depth < 0")) {
                    rows.next();
                    return rows.getLong(1);
                } catch (SQLException e) {
                    return e;
                }
            });
            Thread.sleep(2_000);
            assertTrue(!running.isDone(), "the query is still running before the cancel");
            long cancelledAt = System.nanoTime();
            statement.cancel();
            Object outcome = running.get(30, TimeUnit.SECONDS);
            long stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);

            assertTrue(outcome instanceof SQLException, "cancelled, not finished: " + outcome);
            assertTrue(stopMillis < 5_000, "stopped " + stopMillis + " ms after cancel");
            assertTrue(Rows.query(connection, "SELECT COUNT(*) FROM threads").size() == 1, "the connection still answers");
        }
    }

    /**
     * Cancelled a second into its planning, a statement stops within a few seconds, as a
     * cancelled statement, while its plan alone takes many seconds more. It did not: Avatica's
     * {@code Statement.cancel()} waits for the statement's lock, which Calcite holds while it
     * prepares the statement, so the cancel came only once the plan was made; and the planner
     * was given no cancel flag to check.
     */
    @Test
    void aStatementCancelledWhileItIsPlannedStopsPlanning() throws Exception {
        // profq's planner plans each view once per connection: the plain one, which expands them, plans long enough to cancel
        Connection connection = plain.get();
        Rows.query(connection, unionOfJoinsOfViews(2, 100)); // Calcite's classes loaded, its code generators warm
        try (Statement statement = connection.createStatement()) {
            String sql = unionOfJoinsOfViews(12, 0);
            CompletableFuture<Object> running = CompletableFuture.supplyAsync(() -> {
                try (ResultSet ignored = statement.executeQuery(sql)) {
                    return "rows";
                } catch (SQLException e) {
                    return e;
                }
            });
            Thread.sleep(1_000);
            assertTrue(!running.isDone(), "still being planned a second after it was executed: " + running.getNow(null));
            long cancelledAt = System.nanoTime();
            statement.cancel();
            long cancelMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);
            Object outcome = running.get(120, TimeUnit.SECONDS);
            long stopMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);

            assertTrue(cancelMillis < 1_000, "cancel() returned " + cancelMillis + " ms after it was called");
            assertTrue(outcome instanceof SQLException, "cancelled, not answered: " + outcome);
            assertEquals("HY008", ((SQLException) outcome).getSQLState(), "a cancelled statement: " + outcome);
            String causes = causes((SQLException) outcome);
            assertTrue(causes.contains("while its plan was being made") || causes.contains("Statement preparation aborted"),
                    "stopped while it was planned (by profq's check or Calcite's planner), not once its plan was made: " + causes);
            assertTrue(stopMillis < 10_000, "stopped " + stopMillis + " ms after cancel");
        }
    }

    /**
     * Cancelled as its planner is made, a statement fails as one cancelled while it was planned.
     * It failed with "There are not enough rules to produce a node": Calcite's planner, stopped
     * by the cancel before it had found any whole plan, has none to give.
     */
    @Test
    void aStatementCancelledBeforeItsPlannerFoundAnyPlanSaysItWasCancelled() throws Exception {
        Connection connection = values.get();
        try (Statement statement = connection.createStatement();
             Hook.Closeable ignored = Hook.PLANNER.addThread((RelOptPlanner planner) -> cancel(statement))) {
            SQLException failure = assertThrows(SQLException.class, () -> statement.executeQuery(
                    "SELECT COUNT(*) FROM calls AS a JOIN calls AS b ON a.call_id = b.parent_call_id"));
            assertEquals("HY008", failure.getSQLState(), "a cancelled statement: " + causes(failure));
            assertTrue(causes(failure).contains("while its plan was being made"), causes(failure));
        }
        assertEquals(1, Rows.query(connection, "SELECT COUNT(*) FROM threads").size(), "the connection still answers");
    }

    private static void cancel(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code branches} joins of the views waste_by_site and lifetime_by_site, each with its own filter, in one UNION ALL. */
    private static String unionOfJoinsOfViews(int branches, int from) {
        List<String> selects = new ArrayList<>();
        for (int i = from; i < from + branches; i++) {
            selects.add("SELECT t0.est_lifetime_ns, t1.site_id FROM waste_by_site AS t0 FULL JOIN lifetime_by_site AS t1"
                    + " ON t0.site_id = t1.site_id WHERE t0.alive_at_exit > " + i);
        }
        return String.join(" UNION ALL ", selects);
    }

    private static String causes(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            text.append(cause.getClass().getSimpleName()).append(": ").append(message, 0, Math.min(200, message.length())).append('\n');
        }
        return text.toString();
    }
}
