package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import profq.samples.Threads;

/**
 * A query that would not finish (a three-way cross join over the 160,009 calls of the Threads
 * sample: ~4·10^15 rows) stops soon after {@code Statement.cancel()}, and the connection goes on
 * answering.
 */
class CancelIT {
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
}
