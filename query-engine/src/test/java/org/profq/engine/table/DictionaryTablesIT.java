package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;

import profq.samples.Allocations;

/**
 * The run, threads, classes, methods and sites tables of the Allocations sample: main calls
 * allocate, which creates 1,000 Points (each running Point's constructor), 100 int[10] and
 * 10 long[3][4], on the main thread only.
 */
class DictionaryTablesIT {
    @RegisterExtension
    static final SampleConnection connection = SampleConnection.of(Allocations.class);

    @Test
    void runCountsEveryEventAndNoneLost() throws SQLException {
        // 1,003 calls (main, allocate, 1,000 Point constructors, and profq's frame for Point's weaving: allocate() loads
        // it) enter and exit; 1,110 allocations; and the CPU time readings, at most one a millisecond.
        assertEquals(List.of(List.of("profq.samples.Allocations", "", "exact", 0L, 0L, 0L, true)),
                Rows.query(connection.get(), "SELECT main_class, args, clock, tick_ns, events_lost, events_lost_at_least,"
                        + " ended_cleanly FROM run"));
        assertEquals(List.of(List.of(true)), Rows.query(connection.get(), "SELECT events >= " + (2 * 1_003L + 1_110L)
                + " AND events <= " + (2 * 1_003L + 1_110L) + " + duration_ns / 1000000 FROM run"));
        assertEquals(List.of(List.of(true)), Rows.query(connection.get(),
                "SELECT duration_ns >= (SELECT MAX(end_ns) FROM calls) AND started_at LIKE '____-__-__T%Z' FROM run"));
        assertEquals(List.of(List.of(0L, 0L)), Rows.query(connection.get(), "SELECT window_start_ns, events_dropped_by_window FROM run"),
                "a recording without a window has all its events");
        // Allocations and its nested Point class, woven; nothing left unwoven: the recording covers the whole program.
        assertEquals(List.of(List.of(2L, 0L)), Rows.query(connection.get(), "SELECT classes_woven, classes_left_unwoven FROM run"));
        // Their methods with code: Allocations' constructor, main and allocate, and Point's constructor; none left unwoven.
        assertEquals(List.of(List.of(4L, 0L, 0.0)), Rows.query(connection.get(),
                "SELECT methods_seen, methods_left_unwoven, methods_left_unwoven_percent FROM run"));
    }

    @Test
    void theOnlyThreadIsMain() throws SQLException {
        assertEquals(List.of(List.of(1L, "main", false, true)), Rows.query(connection.get(),
                "SELECT thread_id, name, daemon, first_ns <= last_ns FROM threads"));
        assertEquals(Rows.query(connection.get(), "SELECT MAX(end_ns) FROM calls"), Rows.query(connection.get(), "SELECT last_ns FROM threads"));
    }

    @Test
    void classesMethodsAndSitesNameWhatRan() throws SQLException {
        // allocate() loads Point (as without profq), and Point's weaving is profq's frame in that call: <profq>.weaving.
        assertEquals(List.of(
                        List.of("<profq>", ""),
                        List.of("int[]", ""),
                        List.of("long[][]", ""),
                        List.of("profq.samples.Allocations", "profq.samples"),
                        List.of("profq.samples.Allocations$Point", "profq.samples")),
                Rows.query(connection.get(), "SELECT name, package FROM classes ORDER BY name"));
        assertEquals(List.of(
                        List.of("<init>", "(II)V", "profq.samples.Allocations$Point.<init>(int, int)", "Allocations.java"),
                        List.of("allocate", "()J", "profq.samples.Allocations.allocate()", "Allocations.java"),
                        List.of("main", "([Ljava/lang/String;)V", "profq.samples.Allocations.main(java.lang.String[])", "Allocations.java"),
                        List.of("weaving", "()V", "<profq: weaving>", "")),
                Rows.query(connection.get(), "SELECT name, descriptor, signature, source_file FROM methods ORDER BY name"));
        assertEquals(List.of(
                        List.of("allocate", 19, "profq.samples.Allocations$Point", false, 24L),
                        List.of("allocate", 23, "int[]", true, 0L),
                        List.of("allocate", 28, "long[][]", true, 0L)),
                Rows.query(connection.get(), """
                        SELECT m.name, s.line, c.name, s.is_array, s.instance_size
                        FROM sites AS s
                        JOIN methods AS m ON m.method_id = s.method_id
                        JOIN classes AS c ON c.class_id = s.class_id
                        ORDER BY s.line"""));
    }
}
