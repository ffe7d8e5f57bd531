package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

import profq.samples.Allocations;
import profq.samples.Recursion;

/** The jdbc:profq: driver: found by DriverManager, read-only, several recordings at once, clear errors. */
class DriverIT {
    @TempDir
    Path scratch;

    @Test
    void driverManagerFindsTheDriverThroughItsServiceFile() throws SQLException {
        assertInstanceOf(ProfqDriver.class, DriverManager.getDriver("jdbc:profq:" + SampleRecording.of(Recursion.class)));
    }

    @Test
    void severalRecordingsOpenAsNamedSchemasThatCanBeJoined() throws SQLException {
        String url = "a=" + SampleRecording.of(Allocations.class) + ",b=" + SampleRecording.of(Recursion.class);
        try (Connection connection = Rows.connect(url)) {
            assertEquals(List.of(List.of("main", "profq.samples.Allocations", "profq.samples.Recursion")), Rows.query(connection, """
                    SELECT ma.name, ra.main_class, rb.main_class
                    FROM a.methods AS ma JOIN b.methods AS mb ON mb.name = ma.name
                    CROSS JOIN a.run AS ra CROSS JOIN b.run AS rb"""));
            assertEquals(List.of(List.of(1_110L, 11L)), Rows.query(connection,
                    "SELECT h.objects, t.calls FROM a.heap_by_method AS h, b.time_by_method AS t WHERE t.signature LIKE '%.sum(int)'"));
            assertEquals(List.of(List.of(1_003L)), Rows.query(connection, "SELECT COUNT(*) FROM calls"),
                    "the first recording is the default schema: main, allocate, 1,000 Point constructors and Point's weaving");
            connection.setSchema("b");
            assertEquals(List.of(List.of(12L)), Rows.query(connection, "SELECT COUNT(*) FROM calls"),
                    "the same SQL under another default schema is planned again, not taken from the first's plan");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TABLE t (x INT)", "DROP TABLE calls", "INSERT INTO calls SELECT * FROM calls",
            "UPDATE calls SET depth = 0", "DELETE FROM allocations", "  /* why */ -- not\n  alter table run add x int"})
    void statementsThatWouldChangeTheRecordingAreRefused(String sql) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString());
             Statement statement = connection.createStatement()) {
            String keyword = sql.replaceAll("(?s)/\\*.*?\\*/|--[^\\n]*\\n", "").trim().split(" ")[0].toUpperCase();
            String expected = "profq recordings are read-only: " + keyword
                    + " is refused; query them with SELECT (or EXPLAIN PLAN FOR SELECT ...).";
            assertEquals(expected, assertThrows(SQLException.class, () -> statement.execute(sql)).getMessage());
            assertEquals(expected, assertThrows(SQLException.class, () -> statement.executeUpdate(sql)).getMessage());
            assertEquals(expected, assertThrows(SQLException.class, () -> connection.prepareStatement(sql)).getMessage());
            assertTrue(connection.isReadOnly());
        }
    }

    @Test
    void preparedQueriesStillRun() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString());
             PreparedStatement statement = connection.prepareStatement("SELECT COUNT(*) FROM calls WHERE depth >= ?")) {
            assertSame(connection, statement.getConnection(), "the statement cannot lead around the read-only guard");
            statement.setInt(1, 6);
            try (var result = statement.executeQuery()) {
                result.next();
                assertEquals(6L, result.getLong(1));
            }
        }
    }

    @Test
    void clientsBindingEveryWholeNumberAsALongStillRun() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString());
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT depth FROM calls WHERE depth >= ? ORDER BY depth LIMIT ? OFFSET ?")) {
            statement.setLong(1, 6L);
            statement.setObject(2, 2L);
            statement.setLong(3, 1L);
            assertEquals(List.of(List.of(7), List.of(8)), Rows.query(statement));
        }
    }

    @Test
    void aStatementPastItsTimeLimitIsStoppedAndSaysWhy() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Allocations.class).toString());
             Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(1);
            long started = System.nanoTime();
            // 1,003 calls four times over: 10^12 rows, hours of work.
            java.sql.SQLTimeoutException stopped = assertTimeoutPreemptively(java.time.Duration.ofMinutes(2), () -> assertThrows(
                    java.sql.SQLTimeoutException.class, () -> Rows.of(
                            statement.executeQuery("SELECT COUNT(*) FROM calls AS a, calls AS b, calls AS c, calls AS d"))));
            long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
            assertEquals("the statement ran past its time limit of 1 s (setQueryTimeout) and was stopped;"
                    + " narrow it with WHERE or LIMIT, or give it a longer limit.", stopped.getMessage());
            assertTrue(seconds < 60, "stopped where it read, after " + seconds + " s");
            assertEquals(List.of(List.of(1_003L)), Rows.of(statement.executeQuery("SELECT COUNT(*) FROM calls")),
                    "the statement runs again, and a query within its limit is not stopped");
        }
    }

    @Test
    void columnsAreNamedAsTheQueryNamedThem() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString());
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT a.call_id AS parent, b.call_id AS child, b.depth FROM calls AS a JOIN calls AS b"
                             + " ON b.parent_call_id = a.call_id WHERE b.depth = 1")) {
            List<String> prepared = names(statement.getMetaData());
            try (var result = statement.executeQuery()) {
                assertEquals(List.of("parent", "child", "depth"), names(result.getMetaData()),
                        "getColumnName is the label: JPype and pandas name their columns by it");
            }
            assertEquals(List.of("parent", "child", "depth"), prepared);
        }
    }

    private static List<String> names(java.sql.ResultSetMetaData columns) throws SQLException {
        List<String> names = new java.util.ArrayList<>();
        for (int i = 1; i <= columns.getColumnCount(); i++) {
            names.add(columns.getColumnName(i));
        }
        return names;
    }

    @Test
    void explainPlanShowsTheScanOfTheRecordingsTable() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString())) {
            String plan = (String) Rows.query(connection, "EXPLAIN PLAN FOR SELECT COUNT(*) FROM calls WHERE depth > 3").get(0).get(0);
            assertTrue(plan.contains("table=[[recording, calls]]"), plan);
            assertTrue(plan.contains("IndexAggregate(table=[[recording, calls]], filters=[[>($4, 3)]], aggregation=[COUNT(*)], from=[totals per context])"),
                    "the count is answered from the totals the index keeps per calling context: " + plan);
        }
    }

    @Test
    void sqlErrorsSayWhereTheMistakeIs() throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Recursion.class).toString())) {
            String message = assertThrows(SQLException.class,
                    () -> Rows.query(connection, "SELECT call_id, nosuch FROM calls")).getMessage();
            assertTrue(message.contains("From line 1, column 17 to line 1, column 22: Column 'nosuch' not found in any table"),
                    message);
        }
    }

    @Test
    void aMissingPathFailsWithTheReadersMessage() {
        Path missing = scratch.resolve("nowhere.profq");
        String readerMessage = assertThrows(RecordingException.class, () -> Recording.open(missing)).getMessage();
        SQLException refused = assertThrows(SQLException.class, () -> Rows.connect(missing.toString()));
        assertEquals(readerMessage, refused.getMessage());
        assertEquals(missing + " does not exist; give the path of a <name>.profq recording directory.", refused.getMessage());
    }

    @Test
    void aDirectoryThatIsNotARecordingFailsWithTheReadersMessage() throws Exception {
        Path notARecording = Files.createDirectories(scratch.resolve("photos"));
        Files.writeString(notARecording.resolve("cat.jpg"), "meow");
        String readerMessage = assertThrows(RecordingException.class, () -> Recording.open(notARecording)).getMessage();
        SQLException refused = assertThrows(SQLException.class, () -> Rows.connect(notARecording.toString()));
        assertEquals(readerMessage, refused.getMessage());
    }

    @Test
    void oneBadRecordingAmongSeveralNamesItself() {
        Path missing = scratch.resolve("gone.profq");
        SQLException refused = assertThrows(SQLException.class,
                () -> Rows.connect("a=" + SampleRecording.of(Recursion.class) + ",b=" + missing));
        assertTrue(refused.getMessage().startsWith(missing + " does not exist"), refused.getMessage());
    }
}
