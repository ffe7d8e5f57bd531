package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Exceptions;
import profq.samples.SystemExit;

/**
 * How calls end, in the calls table: by throwing (the Exceptions sample: inner throws through
 * middle and outer, main catches) and not at all (the SystemExit sample: main calls quit,
 * which calls System.exit(3) with both still open).
 */
class CallEndingsIT {
    private static final String CALLS_BY_DEPTH = """
            SELECT m.name, c.depth, c.threw, c.finished
            FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id
            ORDER BY c.depth""";

    @Test
    void callsAnExceptionPassesThroughEndByThrowing() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Exceptions.class).toString())) {
            assertEquals(List.of(
                            List.of("main", 0, false, true),
                            List.of("outer", 1, true, true),
                            List.of("middle", 2, true, true),
                            List.of("inner", 3, true, true)),
                    Rows.query(connection, CALLS_BY_DEPTH));
        }
    }

    @Test
    void callsStillOpenAtExitEndWithTheRecordingAndKeepTheirSelfTime() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(SystemExit.class, 3).toString())) {
            List<List<Object>> calls = Rows.query(connection, """
                    SELECT m.name, c.threw, c.finished, c.end_ns = r.duration_ns, c.self_ns
                    FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id CROSS JOIN run AS r
                    ORDER BY c.depth DESC""");
            assertEquals(List.of(List.of("quit", false, false, true), List.of("main", false, false, true)),
                    calls.stream().map(row -> row.subList(0, 4)).toList());
            long quitNanos = (Long) Rows.query(connection, "SELECT duration_ns FROM calls WHERE depth = 1").get(0).get(0);
            long mainNanos = (Long) Rows.query(connection, "SELECT duration_ns FROM calls WHERE depth = 0").get(0).get(0);
            assertEquals(List.of(quitNanos, mainNanos - quitNanos), List.of(calls.get(0).get(4), calls.get(1).get(4)));
        }
    }
}
