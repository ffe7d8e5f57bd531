package org.profq.engine.language;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.profq.engine.jdbc.ProfqDriver;
import org.profq.engine.report.Report;
import org.profq.engine.table.EventsNotRecordedException;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleConnection;
import org.profq.engine.testing.SampleRecording;
import org.profq.lang.GoldenSql;

import profq.samples.Allocations;
import profq.samples.LazyInit;
import profq.samples.Recursion;
import profq.samples.RepeatedArguments;
import profq.samples.Threads;
import profq.samples.ThrowSites;

/**
 * The profiling language on real recordings, over JDBC with {@code lang=profq}: the rows of
 * every form on a sample whose behaviour is known (Allocations for the heap, LazyInit for
 * lifetimes and waste, Recursion for time, the tree and calls, ThrowSites for exceptions,
 * Allocations against LazyInit for compare, Threads for thread filters), and every golden SQL of the grammar's tests
 * run against the live schema.
 */
class LanguageIT {
    private static final String ALLOCATE = "profq.samples.Allocations.allocate()";
    private static final String PREPARE = "profq.samples.LazyInit.prepare(int)";
    @RegisterExtension
    static final SampleConnection heap = SampleConnection.of(Allocations.class).withLanguage();
    @RegisterExtension
    static final SampleConnection lazy = SampleConnection.recorded(LazyInit.class, "events=calls:uses,track=1,clock=exact").withLanguage();
    @RegisterExtension
    static final SampleConnection recursion = SampleConnection.of(Recursion.class).withLanguage();
    @RegisterExtension
    static final SampleConnection throwSites = SampleConnection.recorded(ThrowSites.class, "events=calls:exceptions").withLanguage();
    /** Eight worker threads, each calling work 10,000 times, each call allocating one Counter; the first and every 1000th allocation of each site on each thread tracked. */
    @RegisterExtension
    static final SampleConnection threads = SampleConnection.recorded(Threads.class, "events=calls:uses,track=1000").withLanguage();
    @RegisterExtension
    static final SampleConnection values = SampleConnection.recorded(RepeatedArguments.class, "values=*RepeatedArguments.square")
            .withLanguage();
    /** Allocations as schema a, the LazyInit recording above as b. */
    @RegisterExtension
    static final SampleConnection compared = SampleConnection.compared(heap, lazy);

    @Test
    void heapByMethodSiteAndClass() throws SQLException {
        assertEquals(List.of(List.of(ALLOCATE, 1_110L, 31_360L)), Rows.query(heap.get(),
                "heap by method where class = 'profq.samples.*' columns signature, objects, bytes"));
        assertEquals(List.of(List.of(19, "profq.samples.Allocations$Point", 24_000L), List.of(23, "int[]", 5_600L),
                        List.of(28, "long[][]", 1_760L)),
                Rows.query(heap.get(), "heap by site where size >= 1kb order by bytes desc, line columns line, type_name, bytes"));
        assertEquals(List.of(List.of("int[]", 100L, 5_600L), List.of("long[][]", 10L, 1_760L)),
                Rows.query(heap.get(), "heap by class where type = '*[]' columns type_name, objects, bytes"));
        assertEquals(List.of(List.of(ALLOCATE, 31_360L)),
                Rows.query(heap.get(), "HEAP BY METHOD WHERE method = '*Allocations.allocate*' AND bytes > 10kb TOP 10 COLUMNS signature, bytes"));
    }

    @Test
    void lifetimeAndWasteBySite() throws SQLException {
        assertEquals(List.of(List.of(24, "profq.samples.LazyInit$Config", 100L), List.of(22, "profq.samples.LazyInit$Config[]", 1L)),
                Rows.query(lazy.get(), "lifetime by site where method = '*LazyInit.prepare*' and lifetime > 1ms"
                        + " columns line, type_name, tracked_objects"));
        // The array's uses cannot be seen: its lag is unknown (NULL), so no lag filter keeps it. The drag,
        // summed over 100 objects up to the collections that found them, grows with the machine's load
        // (14.2 s at a load of 16 on 2 cores): its bound only shows a second condition.
        assertEquals(List.of(List.of("profq.samples.LazyInit$Config", 100L, 0L)),
                Rows.query(lazy.get(), "waste by site where lag > 100ms and drag < 10min order by tracked_objects desc"
                        + " columns type_name, tracked_objects, never_used"));
    }

    @Test
    void timeTreeAndCalls() throws SQLException {
        assertEquals(List.of(List.of("profq.samples.Recursion.sum(int)", 11L), List.of("profq.samples.Recursion.main(java.lang.String[])", 1L)),
                Rows.query(recursion.get(), "time by method where class = 'profq.samples.*' and duration > 0ns order by calls desc"
                        + " columns signature, calls"));
        assertEquals(List.of(List.of(1, 1L), List.of(2, 1L)),
                Rows.query(recursion.get(), "tree under '*Recursion.sum(int)' where depth <= 2 columns depth, calls"));
        assertEquals(List.of(List.of("profq.samples.Recursion.sum(int)", 10), List.of("profq.samples.Recursion.sum(int)", 11)),
                Rows.query(recursion.get(), "calls of '*Recursion.sum*' where thread = 'main' and depth > 9 columns signature, depth"));
        assertEquals(List.of(List.of(12L)), Rows.query(recursion.get(), "SELECT COUNT(*) FROM calls"), "SQL runs as SQL beside the language");
    }

    @Test
    void exceptionsBySite() throws SQLException {
        assertEquals(List.of(List.of("profq.samples.ThrowSites.recovering(int)", "java.lang.IllegalArgumentException", 5L),
                        List.of("profq.samples.ThrowSites.failing(int)", "java.lang.IllegalStateException", 3L)),
                Rows.query(throwSites.get(), "exceptions by site where type = 'java.lang.Illegal*' columns signature, type_name, throws"));
    }

    /** A thread filter keeps the rows of the threads named before the profile adds them up; shares are within those rows. */
    @Test
    void everyProfileFilteredByThread() throws SQLException {
        String counter = "profq.samples.Threads$Counter";
        String work = "profq.samples.Threads.work(int, int)";
        String body = "profq.samples.Threads.lambda$main$0(long[], int)";
        // heap: the allocations made on the thread; its share is of that thread's bytes, not of the recording's (1/8)
        assertEquals(List.of(List.of(work, 10_000L, 240_000L, 1.0)), Rows.query(threads.get(),
                "heap by method where thread = 'worker-3' columns signature, objects, bytes, share"));
        assertEquals(List.of(List.of(counter, 80_000L, 1.0)), Rows.query(threads.get(),
                "heap by site where thread = 'worker-*' and type = '*Counter' columns type_name, objects, share"));
        assertEquals(List.of(List.of(counter, 20_000L, 1.0)), Rows.query(threads.get(),
                "heap by class where (thread = 'worker-1' or thread = 'worker-2') and type = '*Counter' columns type_name, objects, share"));
        assertEquals(List.of(List.of("java.lang.Thread", 8L), List.of("long[]", 1L), List.of("java.util.ArrayList", 1L)),
                Rows.query(threads.get(), "heap by class where thread = 'main' and objects > 0 columns type_name, objects"));
        // lifetime and waste: the tracked objects allocated on the thread (every 1000th of its 10,000)
        assertEquals(List.of(List.of(counter, 10L)),
                Rows.query(threads.get(), "lifetime by site where thread = 'worker-3' columns type_name, tracked_objects"));
        assertEquals(List.of(List.of(counter, 10L, 0L)), Rows.query(threads.get(),
                "waste by site where thread = 'worker-3' and tracked_objects > 1 columns type_name, tracked_objects, never_used"));
        // time and tree: the calls made on the thread; the thread's outermost call is all of its time
        // The body calls run(int) and nothing else: their times are the same but for the advice of run(int)'s
        // call, which compensation takes off (estimated). The order is by CPU time, read at the tick's
        // granularity and compensated by an estimate, so on a loaded machine work(int, int) may come
        // before either: the rows are checked as a set, and the outermost call's share as all of the time.
        String run = "profq.samples.Threads.run(int)";
        List<List<Object>> byTime = Rows.query(threads.get(),
                "time by method where class = 'profq.samples.*' and thread = 'worker-3' columns signature, calls");
        assertEquals(Set.of(List.of(body, 1L), List.of(run, 1L), List.of(work, 10_000L),
                List.of("profq.samples.Threads$Counter.<init>(long)", 10_000L)), Set.copyOf(byTime));
        assertEquals(4, byTime.size(), byTime::toString);
        List<List<Object>> shares = Rows.query(threads.get(), "time by method where thread = 'worker-3' columns signature, share");
        assertTrue(shares.contains(List.of(body, 1.0)) || shares.contains(List.of(run, 1.0)), shares::toString);
        // The worker that makes the first Counter loads its class, whose weaving is profq's frame in that call: left out.
        assertEquals(List.of(List.of(1, 1L), List.of(2, 10_000L), List.of(3, 10_000L)),
                Rows.query(threads.get(), "tree under '*Threads.run(int)' where thread = 'worker-3' columns depth, calls, path").stream()
                        .filter(row -> !row.get(2).toString().contains("<profq")).map(row -> row.subList(0, 2)).toList());
        // exceptions: thrown on the thread (ThrowSites throws all of them on main)
        assertEquals(List.of(List.of("profq.samples.ThrowSites.recovering(int)", "java.lang.IllegalArgumentException", 5L),
                        List.of("profq.samples.ThrowSites.failing(int)", "java.lang.IllegalStateException", 3L),
                        List.of("profq.samples.ThrowSites.parsing(java.lang.String)", "java.lang.NumberFormatException", 2L)),
                Rows.query(throwSites.get(), "exceptions by site where thread = 'main' columns signature, type_name, throws"));
        assertEquals(List.of(), Rows.query(throwSites.get(), "exceptions by site where thread = 'worker-*'"));
    }

    @Test
    void compareTwoRecordingsOpenedAsSchemasAAndB() throws SQLException {
        List<List<Object>> lazyHeap = Rows.query(lazy.get(), "heap by method columns signature, bytes");
        long prepareBytes = (Long) lazyHeap.stream().filter(row -> row.get(0).equals(PREPARE)).findFirst().orElseThrow().get(1);
        // Each method is in one recording only: the other side is NULL, the difference is b - a, the ratio NULL or 0.
        assertEquals(List.of(
                        java.util.Arrays.asList(ALLOCATE, 31_360L, 1.0, null, null, -31_360L, null),
                        java.util.Arrays.asList(PREPARE, null, null, prepareBytes, 1.0, prepareBytes, null)),
                Rows.query(compared.get(), "heap by method compare a with b where class = 'profq.*'"
                        + " columns signature, a_bytes, a_share, b_bytes, b_share, diff_bytes, ratio"));
    }

    /** values of reads value_profile: RepeatedArguments' square, 100 calls of 3 values (50, 30, 20). */
    @Test
    void valuesOfReadsTheValueProfile() throws SQLException {
        assertEquals(List.of(
                        List.of("profq.samples.RepeatedArguments.square(int)", "MT+R", 100L, 3L, 1.0),
                        List.of("profq.samples.RepeatedArguments.square(int)", "MT+R/M", 100L, 3L, 1.0)),
                Rows.query(values.get(), "values of '*RepeatedArguments.square*' columns signature, equality, calls, distinct_tuples, share"));
        assertEquals(List.of(List.of(50L, 30L, 20L)), Rows.query(values.get(),
                "values of '*' where equality = 'MT+R/M' and share >= 0.5 and calls > 10 top 5 columns top1_calls, top2_calls, top3_calls"));
        assertEquals(List.of(), Rows.query(heap.get(), "values of '*parse*'"), "a recording without --values has no value profile");
    }

    @Test
    void aMisspeltStatementFailsWithTheLanguagesErrorNotCalcites() {
        SQLException error = assertThrows(SQLException.class, () -> Rows.query(compared.get(), "heap by method compare a with c"));
        assertEquals("""
                at line 1, column 31: no recording is open as schema 'c'; did you mean 'a'? (open: a, b); open two with\
                 profq sql a=<recording> b=<recording>
                  heap by method compare a with c
                                                ^""", error.getMessage());
    }

    @Test
    void withoutTheLanguagePropertyAStatementIsSqlAndFails() throws SQLException {
        try (Connection plain = DriverManager.getConnection("jdbc:profq:" + SampleRecording.of(Allocations.class))) {
            assertThrows(SQLException.class, () -> Rows.query(plain, "heap by method"));
        }
        Properties wrong = new Properties();
        wrong.setProperty("lang", "prolog");
        SQLException error = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:profq:" + SampleRecording.of(Allocations.class), wrong));
        assertEquals("the connection property lang is 'prolog'; use lang=profq for the profiling language (with SQL), or lang=sql",
                error.getMessage());
    }

    @Test
    void preparedStatementsTakeTheLanguageWithParameters() throws SQLException {
        try (PreparedStatement statement = heap.get().prepareStatement("heap by class where bytes > ? columns type_name")) {
            statement.setLong(1, 5_000);
            assertEquals(List.of(List.of("profq.samples.Allocations$Point"), List.of("int[]")), Rows.query(statement));
        }
    }

    @Test
    void aReportWrittenInTheLanguageCompilesAndBindsItsParameters() throws SQLException {
        Report report = Report.parse("big_types", """
                -- big_types: which types take more than a given size?
                --
                -- Language: profq
                --
                -- Parameters:
                --   min_bytes  BIGINT  5000  the least bytes a type must take
                --
                -- Columns:
                --   type_name  VARCHAR  the type
                heap by class where bytes > :min_bytes columns type_name
                """, "test");
        Report.BoundQuery query = report.bind(Map.of("min_bytes", "2000"));
        assertEquals("""
                SELECT type_name
                FROM heap_by_class
                WHERE bytes > ?
                ORDER BY bytes DESC, class_id""", query.sql());
        try (PreparedStatement statement = heap.get().prepareStatement(query.sql())) {
            statement.setObject(1, query.values().get(0));
            assertEquals(List.of(List.of("profq.samples.Allocations$Point"), List.of("int[]")), Rows.query(statement));
        }
    }

    /**
     * Every golden SQL of the grammar's tests runs on recordings opened as schemas a and b (a
     * the default), so a view column the language relies on cannot be renamed unnoticed. A
     * statement over events the samples did not record is valid when its scan refuses to start.
     */
    @TestFactory
    Stream<DynamicTest> everyGoldenSqlIsValidAgainstTheLiveSchema() throws SQLException {
        Connection plain = DriverManager.getConnection("jdbc:profq:a=" + SampleRecording.of(Allocations.class)
                + ",b=" + SampleRecording.of(Recursion.class));
        return GoldenSql.CASES.entrySet().stream().map((Map.Entry<String, String> golden) -> DynamicTest.dynamicTest(
                golden.getKey(), () -> {
                    String sql = golden.getValue().replaceAll(":[a-z_]+", "?");
                    try (PreparedStatement statement = plain.prepareStatement(sql)) {
                        for (int i = 1; i <= statement.getParameterMetaData().getParameterCount(); i++) {
                            statement.setObject(i, statement.getParameterMetaData().getParameterType(i) == java.sql.Types.VARCHAR ? "*" : 1);
                        }
                        Rows.query(statement);
                    } catch (SQLException refused) {
                        // valid, planned and run up to a scan of events the sample did not record (deaths, exceptions)
                        if (!(refused.getCause() instanceof EventsNotRecordedException)) {
                            throw refused;
                        }
                    }
                })).onClose(() -> {
                    try {
                        plain.close();
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
    }

    @Test
    void theLanguageIsTurnedOnInTheUrlAsWell() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + SampleRecording.of(Allocations.class) + ";lang=profq")) {
            assertEquals(List.of(List.of(ALLOCATE, 31_360L)),
                    Rows.query(connection, "heap by method where class = 'profq.samples.*' columns signature, bytes"));
        }
    }

    @Test
    void theDriverSaysWhichPropertyTurnsTheLanguageOn() {
        assertEquals("profq", ProfqDriver.withLanguage().getProperty("lang"));
    }
}
