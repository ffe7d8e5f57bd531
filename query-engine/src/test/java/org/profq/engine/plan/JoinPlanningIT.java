package org.profq.engine.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.SampleConnection;

import profq.samples.RepeatedArguments;

/**
 * Joins of four relations whose conditions equate many columns with one another are planned in
 * a moment and give their rows. Each was still being planned minutes after its statement's
 * time limit had cancelled it: Calcite's planner searched every order of the joins (pushing
 * each join through the others) and was given no cancel flag. The recording is of
 * {@link RepeatedArguments} with every event family on and {@code square}'s values: its
 * {@code uses}, {@code field_writes} and allocations are empty, so each query's right answer
 * (DuckDB's over the same recording's export) is no row; what was wrong is that none came.
 */
class JoinPlanningIT {
    private static final int TIME_LIMIT_SECONDS = 60;

    @RegisterExtension
    static final SampleConnection values = SampleConnection.recorded(RepeatedArguments.class,
            "clock=exact,events=calls:allocations:deaths:exceptions:uses,track=1,values=*RepeatedArguments.square");

    @Test
    void aJoinOfAViewAndThreeTablesOnNonKeyColumnsIsPlanned() {
        assertEquals(List.of(), query("SELECT t1.kind AS c0 FROM heap_by_site AS t0 JOIN uses AS t1 ON t0.objects = t1.thread_id"
                + " AND t0.objects + 1 > 10 JOIN reference_fields AS t2 ON t1.call_id = t2.call_id JOIN reference_fields AS t3"
                + " ON t1.call_id = t3.call_id AND t3.field_name NOT LIKE '%x%'"
                + " WHERE (t1.member_name NOT LIKE '%a.la%' OR NOT (t1.thread_id BETWEEN 1 AND 1))"));
    }

    @Test
    void aJoinOfFourTablesEquatingAKeyWithATimeIsPlanned() {
        assertEquals(List.of(), query("SELECT t3.thread_id + 99 AS c0 FROM field_writes AS t0 JOIN field_writes AS t1"
                + " ON t0.field_id = t1.field_id JOIN fields AS t2 ON t0.field_id = t2.field_id JOIN uses AS t3"
                + " ON t0.field_id = t3.use_ns WHERE t1.field_id < t3.member_id"
                + " AND (NOT (COALESCE(t1.call_id, 3) < 3) AND t2.field_id >= t3.member_id)"));
    }

    @Test
    void aJoinOfAViewAndThreeTablesEquatingAKeyWithBytesIsPlanned() {
        assertEquals(List.of(), query("SELECT t2.objects AS c0 FROM classes AS t0 JOIN classes AS t1 ON t0.class_id = t1.class_id"
                + " AND t0.name <> 'java.lang.IllegalArgumentException' JOIN heap_by_site AS t2 ON t1.class_id = t2.bytes"
                + " JOIN params AS t3 ON t2.bytes = t3.object_id"));
    }

    /** The rows of {@code sql} under a statement time limit; the test fails, rather than hangs, when planning ignores it. */
    private static List<List<Object>> query(String sql) {
        return assertTimeoutPreemptively(Duration.ofSeconds(TIME_LIMIT_SECONDS + 30), () -> {
            try (Statement statement = values.get().createStatement()) {
                statement.setQueryTimeout(TIME_LIMIT_SECONDS);
                try (ResultSet rows = statement.executeQuery(sql)) {
                    List<List<Object>> read = new ArrayList<>();
                    while (rows.next()) {
                        List<Object> row = new ArrayList<>();
                        for (int i = 1; i <= rows.getMetaData().getColumnCount(); i++) {
                            row.add(rows.getObject(i));
                        }
                        read.add(row);
                    }
                    return read;
                }
            }
        }, "planned and answered within the statement's time limit of " + TIME_LIMIT_SECONDS + " s");
    }
}
