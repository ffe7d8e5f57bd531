package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Recursion;
import profq.samples.Threads;

/**
 * call_tree and flame over the Recursion sample (one context per recursion level, main;sum;…;sum
 * eleven sums deep) and the Threads sample (eight threads' identical paths merge).
 */
class CallTreeIT {
    private static final String MAIN = "profq.samples.Recursion.main(java.lang.String[])";
    private static final String SUM = "profq.samples.Recursion.sum(int)";

    @RegisterExtension
    static final SampleConnection recursion = SampleConnection.of(Recursion.class);

    @RegisterExtension
    static final SampleConnection threads = SampleConnection.of(Threads.class);

    @Test
    void eachRecursionLevelIsAContextWithItsCallsTimes() throws SQLException {
        List<List<Object>> expected = new ArrayList<>();
        String path = MAIN;
        for (List<Object> call : Rows.query(recursion.get(), "SELECT depth, duration_ns, self_ns FROM calls ORDER BY depth")) {
            expected.add(List.of(path, call.get(0), 1L, call.get(1), call.get(2)));
            path += ";" + SUM;
        }
        assertEquals(12, expected.size());
        assertEquals(expected, Rows.query(recursion.get(), "SELECT path, depth, calls, raw_inclusive_ns, raw_self_ns FROM call_tree"));
        assertEquals(List.of(), Rows.query(recursion.get(), """
                SELECT path FROM call_tree WHERE inclusive_ns > raw_inclusive_ns OR self_ns > raw_self_ns OR inclusive_ns < self_ns"""),
                "compensation takes time off, never adds it");
    }

    @Test
    void flameGivesOneCollapsedLinePerContextAndItsSelfTime() throws SQLException {
        List<List<Object>> expected = new ArrayList<>();
        String path = MAIN;
        for (List<Object> call : Rows.query(recursion.get(), "SELECT self_ns FROM calls ORDER BY depth")) {
            expected.add(List.of(path + " " + call.get(0)));
            path += ";" + SUM;
        }
        assertEquals(expected, Rows.query(recursion.get(), "SELECT stack || ' ' || CAST(raw_self_ns AS VARCHAR) FROM flame"));
        assertEquals(Rows.query(recursion.get(), "SELECT duration_ns FROM calls WHERE depth = 0"),
                Rows.query(recursion.get(), "SELECT SUM(raw_self_ns) FROM flame"));
        assertEquals(List.of(), Rows.query(recursion.get(),
                "SELECT stack FROM flame WHERE collapsed <> stack || ' ' || CAST(self_ns AS VARCHAR) OR self_ns > raw_self_ns"));
    }

    @Test
    void identicalPathsOfSeveralThreadsMerge() throws SQLException {
        assertEquals(List.of(List.of(80_000L, 8L)), Rows.query(threads.get(), """
                SELECT t.calls, (SELECT COUNT(DISTINCT thread_id) FROM calls WHERE stack = t.path)
                FROM call_tree AS t WHERE t.path LIKE '%;profq.samples.Threads.work(int, int)'"""));
    }
}
