package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Recursion;

/**
 * {@link DatabaseMetaData} as a database tool reads it: name patterns and table types are
 * honoured, every table, view and column carries its meaning as REMARKS, and the driver names
 * itself profq.
 */
class MetadataIT {
    private static Connection connection;
    private static DatabaseMetaData meta;

    @BeforeAll
    static void connect() throws SQLException {
        connection = Rows.connect(SampleRecording.of(Recursion.class).toString());
        meta = connection.getMetaData();
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
    }

    @Test
    void getTablesHonoursItsNamePatternAndTypes() throws SQLException {
        assertEquals(List.of(), rows(meta.getTables(null, null, "nosuch", null), "TABLE_NAME"));
        assertEquals(List.of("calls|TABLE|one row per method execution, entry to exit"),
                rows(meta.getTables(null, "recording", "calls", null), "TABLE_NAME", "TABLE_TYPE", "REMARKS"));
        assertEquals(List.of("time_by_method|VIEW|where does the time go, per method?"),
                rows(meta.getTables(null, null, "time%", null), "TABLE_NAME", "TABLE_TYPE", "REMARKS"));
        assertEquals(List.of("heap_by_class", "heap_by_method", "heap_by_site"),
                rows(meta.getTables(null, null, "heap\\_%", new String[] {"VIEW"}), "TABLE_NAME"));
        assertEquals(List.of(), rows(meta.getTables(null, null, "heap%", new String[] {"TABLE"}), "TABLE_NAME"));
        assertEquals(List.of("call_tree", "exceptions_by_site", "flame", "heap_by_class", "heap_by_method", "heap_by_site",
                        "lifetime_by_site", "lifetimes", "time_by_method", "value_profile", "waste", "waste_by_site"),
                rows(meta.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"), "no helper view is listed");
        assertEquals(List.of(), rows(meta.getTables(null, "nosuch", "%", null), "TABLE_NAME"));
    }

    @Test
    void getColumnsGivesOnlyTheMatchingTablesColumnsWithTheirMeaning() throws SQLException {
        assertEquals(List.of("call_id", "thread_id", "method_id", "parent_call_id", "depth", "start_ns", "end_ns",
                        "duration_ns", "self_ns", "threw", "finished", "outermost", "stack", "cpu_ns", "self_cpu_ns", "calls_made",
                        "calls_inside", "allocations_made", "allocations_inside", "overhead_ns", "self_overhead_ns"),
                rows(meta.getColumns(null, null, "calls", null), "COLUMN_NAME"));
        assertEquals(List.of("calls|self_ns|duration_ns minus the duration_ns of the recorded calls it made directly (ns)",
                        "call_tree|self_ns|ns in those executions, callees excluded; compensated",
                        "flame|self_ns|ns spent in the last frame's own code in that context; compensated",
                        "time_by_method|self_ns|ns in the method's own code, callees excluded; compensated"),
                rows(meta.getColumns(null, null, "%", "self\\_ns"), "TABLE_NAME", "COLUMN_NAME", "REMARKS"));
        assertEquals(List.of("time_by_method|share|inclusive_ns / the time of all threads' outermost calls (0..1)"),
                rows(meta.getColumns(null, "recording", "time_by_method", "sh%"), "TABLE_NAME", "COLUMN_NAME", "REMARKS"));
        assertEquals(List.of(), rows(meta.getColumns(null, null, "nosuch", "%"), "COLUMN_NAME"));
    }

    @Test
    void getSchemasHonoursItsPattern() throws SQLException {
        assertEquals(List.of("recording"), rows(meta.getSchemas(null, "rec%"), "TABLE_SCHEM"));
        assertEquals(List.of(), rows(meta.getSchemas(null, "nosuch"), "TABLE_SCHEM"));
    }

    /** Calcite's own metadata schema (its catalog as tables) is no part of the recording: sqlline's !tables does not list it. */
    @Test
    void calcitesMetadataSchemaIsNotListed() throws SQLException {
        assertEquals(List.of("recording"), rows(meta.getSchemas(), "TABLE_SCHEM"));
        assertEquals(List.of("recording"), rows(meta.getSchemas(null, null), "TABLE_SCHEM"));
        assertEquals(List.of("recording"), rows(meta.getTables(null, null, "%", null), "TABLE_SCHEM").stream().distinct().toList());
        assertEquals(List.of("recording"), rows(meta.getColumns(null, null, "%", "%"), "TABLE_SCHEM").stream().distinct().toList());
        assertEquals(List.of(), rows(meta.getTables(null, "metadata", "%", null), "TABLE_NAME"));
    }

    @Test
    void theDriverNamesItselfProfq() throws SQLException {
        String version = System.getProperty("profq.version");
        assertEquals(List.of("profq JDBC driver", version, "profq", version, "0.1"),
                List.of(meta.getDriverName(), meta.getDriverVersion(), meta.getDatabaseProductName(),
                        meta.getDatabaseProductVersion(), meta.getDriverMajorVersion() + "." + meta.getDriverMinorVersion()));
    }

    /** The named columns of each row, joined by |. */
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
