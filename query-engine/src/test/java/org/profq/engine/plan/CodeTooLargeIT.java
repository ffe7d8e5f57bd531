package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Calc;

/**
 * A statement whose compiled code would pass the JVM's limit of 64 KB for one method (here 1,000
 * computed columns, which Calcite compiles into one method) fails with a sentence that says so
 * and what to do, rather than with Janino's stack of compiler errors; the same columns in a
 * smaller statement are answered. The recording is {@link Calc}'s, as in {@link JoinAnswersIT}.
 */
class CodeTooLargeIT {
    @RegisterExtension
    static final SampleConnection calc = SampleConnection.recorded(Calc.class,
            "events=calls:allocations:deaths:exceptions:uses,track=1,values=*Calc.square");

    private static String columns(int count) {
        return IntStream.range(0, count).mapToObj(k -> "CASE WHEN c.duration_ns > " + k + " THEN c.self_ns + " + k
                        + " WHEN c.depth BETWEEN " + k + " AND " + (k + 5) + " THEN COALESCE(c.parent_call_id, " + k
                        + ") * 3 ELSE c.method_id - " + k + " END AS c" + k)
                .collect(Collectors.joining(", "));
    }

    @Test
    void aStatementTooLargeToCompileFailsSayingWhy() {
        SQLException failure = assertThrows(SQLException.class,
                () -> Rows.query(calc.get(), "SELECT " + columns(1000) + " FROM calls c WHERE c.depth < 3"));
        assertTrue(failure.getMessage().contains("the statement is too large to compile: the code made for one of its"
                + " operators passes the JVM's limit of 64 KB for one method; split it into smaller statements"), failure.getMessage());
    }

    @Test
    void theSameColumnsInASmallerStatementAreAnswered() throws SQLException {
        List<List<Object>> rows = Rows.query(calc.get(), "SELECT COUNT(*) FROM (SELECT " + columns(20) + " FROM calls c WHERE c.depth < 3) AS t");
        assertEquals(1, rows.size());
        assertTrue(((Number) rows.get(0).get(0)).longValue() > 0, rows.toString());
    }
}
