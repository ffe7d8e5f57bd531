package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.Rows;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;

import profq.samples.Allocations;
import profq.samples.ForkedChild;
import profq.samples.Recursion;

/**
 * A recording directory that three JVMs recorded into, one after another (Recursion, then
 * ForkedChild 7, then Allocations): {@code jdbc:profq:DIR} opens each JVM as a schema, and each
 * schema's tables, views and index hold that JVM's events only.
 */
class RecordingGroupIT {
    @Test
    void eachJvmIsASchemaWithItsOwnEventsAndIndex(@TempDir Path scratch) throws SQLException {
        Path group = scratch.resolve("build.profq");
        record(group, Recursion.class);
        try (Connection connection = Rows.connect(group.toString())) {
            assertEquals(List.of(List.of(12L)), Rows.query(connection, "SELECT COUNT(*) FROM calls"));
        }
        assertTrue(Files.isDirectory(group.resolve("index")), "the first JVM's index was built before the others ran");

        record(group, ForkedChild.class, "7", "0");
        record(group, Allocations.class);

        try (Connection connection = Rows.connect(group.toString())) {
            assertEquals(List.of(
                            List.of("profq.samples.Recursion", 12L),
                            List.of("profq.samples.ForkedChild", 9L),
                            List.of("profq.samples.Allocations", 1_003L)),
                    Rows.query(connection, """
                            SELECT (SELECT main_class FROM recording.run), (SELECT COUNT(*) FROM recording.calls) FROM (VALUES 1)
                            UNION ALL
                            SELECT (SELECT main_class FROM jvm2.run), (SELECT COUNT(*) FROM jvm2.calls) FROM (VALUES 1)
                            UNION ALL
                            SELECT (SELECT main_class FROM jvm3.run), (SELECT COUNT(*) FROM jvm3.calls) FROM (VALUES 1)"""),
                    "the first JVM is the default schema, as for a one-JVM recording; later JVMs in start order");
            assertEquals(List.of(List.of(7L)), Rows.query(connection,
                    "SELECT calls FROM jvm2.time_by_method WHERE signature LIKE '%.square(long)'"), "views in every schema");
            assertEquals(List.of(List.of(12L)), Rows.query(connection, "SELECT COUNT(*) FROM calls"),
                    "the default schema's index, built before, is still the first JVM's alone");
        }
        assertTrue(Files.isDirectory(group.resolve("jvms/jvm2.profq/index")), "each JVM's index is in its own recording");
        assertTrue(Files.isDirectory(group.resolve("jvms/jvm3.profq/index")));
    }

    @Test
    void aNamedRecordingOpensItsFirstJvmOnly(@TempDir Path scratch) throws SQLException {
        Path group = scratch.resolve("pair.profq");
        record(group, Recursion.class);
        record(group, Recursion.class);

        try (Connection connection = Rows.connect("a=" + group + ",b=" + group.resolve("jvms/jvm2.profq"))) {
            assertEquals(List.of(List.of(12L, 12L)), Rows.query(connection,
                    "SELECT (SELECT COUNT(*) FROM a.calls), (SELECT COUNT(*) FROM b.calls) FROM (VALUES 1)"));
            SQLException noSuchSchema = assertThrows(SQLException.class, () -> Rows.query(connection, "SELECT COUNT(*) FROM jvm2.calls"));
            assertTrue(noSuchSchema.getMessage().toLowerCase(java.util.Locale.ROOT).contains("object 'jvm2' not found"), noSuchSchema.getMessage());
        }
    }

    private static void record(Path group, Class<?> mainClass, String... args) {
        SampleRun.Result result = SampleRun.record(Jdk.current(), group, "", mainClass, args);
        assertEquals(0, result.exitCode(), result::stderr);
    }
}
