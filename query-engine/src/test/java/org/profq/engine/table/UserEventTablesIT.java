package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;
import org.profq.recorder.SampleRun;

import profq.samples.Recursion;
import profq.samples.events.BouncingBalls;
import profq.samples.events.QueueLengths;

/**
 * User-defined events as tables: {@code event_<name>} per event the program (or its aspect)
 * emitted, its columns typed as first put, joined with {@code calls}; listed and documented in
 * JDBC metadata; absent from a recording without them.
 */
class UserEventTablesIT {
    @RegisterExtension
    static final SampleConnection balls = SampleConnection.recorded(BouncingBalls.class,
            "aspects=" + SampleRun.samplesAspectsJar(Path.of("target")));
    @RegisterExtension
    static final SampleConnection queue = SampleConnection.recorded(QueueLengths.class, "");
    @RegisterExtension
    static final SampleConnection recursion = SampleConnection.of(Recursion.class);

    @Test
    void theAspectsVelocityEventsJoinTheCallsTheyWereEmittedIn() throws SQLException {
        assertEquals(List.of(
                List.of("red", 3L, 2L, 3.6056, true, "<init>"),
                List.of("blue", -4L, 1L, 4.1231, false, "<init>"),
                List.of("red", 3L, -2L, 3.6056, true, "step"),
                List.of("blue", 4L, 1L, 4.1231, true, "step"),
                List.of("blue", 4L, -1L, 4.1231, true, "step"),
                List.of("red", -3L, -2L, 3.6056, false, "step"),
                List.of("red", -3L, 2L, 3.6056, false, "step"),
                List.of("blue", -4L, -1L, 4.1231, false, "step"),
                List.of("red", 3L, 2L, 3.6056, true, "step"),
                List.of("red", 3L, -2L, 3.6056, true, "step"),
                List.of("blue", 4L, -1L, 4.1231, true, "step")), Rows.query(balls.get(), """
                SELECT e.ball, e.dx, e.dy, ROUND(e.speed, 4), e.rightward, m.name
                FROM event_ball_velocity AS e
                JOIN calls AS c ON c.call_id = e.call_id
                JOIN methods AS m ON m.method_id = c.method_id
                ORDER BY e.ts_ns, e.call_id"""));
        assertEquals(List.of(List.of(11L, 1L, 0L)), Rows.query(balls.get(), """
                SELECT COUNT(*), COUNT(DISTINCT thread_id), COUNT(*) FILTER (WHERE ts_ns < 0 OR ts_ns > (SELECT duration_ns FROM run))
                FROM event_ball_velocity"""));
    }

    @Test
    void theProgramsOwnEventsAreRowsWithTheirValues() throws SQLException {
        assertEquals(List.of(
                List.of(1L, 1L, true), List.of(2L, 2L, true), List.of(3L, 1L, false), List.of(4L, 2L, true),
                List.of(5L, 3L, true), List.of(6L, 2L, false), List.of(7L, 3L, true), List.of(8L, 4L, true),
                List.of(9L, 3L, false), List.of(10L, 4L, true)),
                Rows.query(queue.get(), "SELECT step, length, grew FROM event_queue_length ORDER BY step"));
        assertEquals(List.of(List.of("report", 10L)), Rows.query(queue.get(), """
                SELECT m.name, COUNT(*) FROM event_queue_length AS e
                JOIN calls AS c ON c.call_id = e.call_id JOIN methods AS m ON m.method_id = c.method_id
                GROUP BY m.name"""));
    }

    @Test
    void metadataListsAndDocumentsTheEventTables() throws SQLException {
        DatabaseMetaData meta = balls.get().getMetaData();
        assertEquals(List.of("event_ball_velocity|TABLE|one row per user-defined event ball_velocity (Profq.event), emitted"
                        + " by the program or its aspects"),
                rows(meta.getTables(null, null, "event\\_%", null), "TABLE_NAME", "TABLE_TYPE", "REMARKS"));
        assertEquals(List.of(
                "thread_id|BIGINT NOT NULL|the thread that emitted it (threads.thread_id)",
                "call_id|BIGINT|the recorded call it was emitted in (calls.call_id); NULL outside any recorded call",
                "ts_ns|BIGINT NOT NULL|when it was emitted (ns)",
                "ball|VARCHAR|user-defined: the value the program put as 'ball' (VARCHAR since its first value); NULL when an"
                        + " event did not put it",
                "dx|BIGINT|user-defined: the value the program put as 'dx' (BIGINT since its first value); NULL when an event"
                        + " did not put it",
                "dy|BIGINT|user-defined: the value the program put as 'dy' (BIGINT since its first value); NULL when an event"
                        + " did not put it",
                "speed|DOUBLE|user-defined: the value the program put as 'speed' (DOUBLE since its first value); NULL when an"
                        + " event did not put it",
                "rightward|BOOLEAN|user-defined: the value the program put as 'rightward' (BOOLEAN since its first value); NULL"
                        + " when an event did not put it"),
                rows(meta.getColumns(null, null, "event_ball_velocity", null), "COLUMN_NAME", "TYPE_NAME", "REMARKS"));
        assertEquals(List.of(), rows(recursion.get().getMetaData().getTables(null, null, "event\\_%", null), "TABLE_NAME"),
                "a recording without user events has no event tables");
    }

    private static List<String> rows(ResultSet result, String... columns) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (result) {
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (String column : columns) {
                    values.add(result.getString(column));
                }
                rows.add(String.join("|", values));
            }
        }
        return rows;
    }
}
