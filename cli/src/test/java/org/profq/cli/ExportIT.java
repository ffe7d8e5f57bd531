package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.cli.Forked.Running;
import org.profq.engine.table.TableCatalog;
import org.profq.engine.table.TableDefinition;

/**
 * {@code profq export}: recordings of the samples, made through the real agent, exported to
 * Parquet and read back by DuckDB (JDBC), row for row against profq's own answers.
 */
class ExportIT {
    /** MutableArgument with every event family and value profiles: most tables have rows. */
    private static final List<String> EVERYTHING = List.of("--events=calls:allocations:deaths:exceptions:uses", "--track=1",
            "--values=*MutableArgument.read");

    @Test
    void duckDbReadsBackExactlyProfqsRowsOfEveryTableAndOfHeapByMethod(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("MutableArgument", EVERYTHING);
        Path out = dir.resolve("dataset");

        Outcome export = run(dir, profq("export", recording.toString(), "-o", out.toString(), "--views"));

        assertEquals(0, export.exitCode(), export::toString);
        assertTrue(export.stdout().startsWith("exported "), export::toString);
        assertEquals("", export.stderr());
        String id = expectedId(recording);
        try (Connection profq = connect(recording); Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            List<String> relations = new ArrayList<>(TableCatalog.all().stream().map(TableDefinition::name).toList());
            relations.add("heap_by_method");
            for (String relation : relations) {
                Rows expected = rows(profq, "SELECT * FROM " + relation);
                Rows exported = rows(duck, "SELECT * EXCLUDE (recording) FROM " + scan(out, relation) + " WHERE recording = '" + id + "'");
                assertEquals(expected.columns, exported.columns, relation);
                assertEquals(expected.sorted(), exported.sorted(), relation);
                assertEquals(expected.values.isEmpty() ? List.of() : List.of(List.of(id)),
                        rows(duck, "SELECT DISTINCT recording FROM " + scan(out, relation)).values, relation + ": one recording");
            }
            assertTrue(rows(profq, "SELECT * FROM params").values.size() > 0, "value profiles were recorded");
            assertTrue(Files.isRegularFile(out.resolve("calls").resolve("recording=" + id).resolve("part-00000.parquet")));
            assertEquals(List.of("heap_by_class", "heap_by_method", "heap_by_site", "call_tree", "flame", "time_by_method")
                    .stream().allMatch(view -> Files.isDirectory(out.resolve(view))), true, "--views exports every view");
        }
    }

    /**
     * Parquet's own types: INT64 ids and times, UTF8 strings, BOOLEAN; ZSTD throughout; a string
     * column whose values repeat is dictionary-encoded (Threads: 80,000 calls in a few stacks).
     */
    @Test
    void columnsHaveParquetsNaturalTypesDictionaryEncodedStringsAndZstd(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Threads");
        Path out = dir.resolve("dataset");
        assertEquals(0, run(dir, profq("export", recording.toString(), "-o", out.toString(), "--tables", "calls")).exitCode());
        Path part;
        try (Stream<Path> files = Files.walk(out.resolve("calls"))) {
            part = files.filter(file -> file.toString().endsWith(".parquet")).findFirst().orElseThrow();
        }

        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            String file = "'" + part + "'";
            Map<String, String> types = new TreeMap<>();
            for (List<Object> column : rows(duck, "SELECT name, type, coalesce(converted_type, '') FROM parquet_schema(" + file
                    + ") WHERE name IN ('call_id', 'start_ns', 'depth', 'stack', 'threw')").values) {
                types.put((String) column.get(0), column.get(1) + " " + column.get(2));
            }
            assertEquals(Map.of("call_id", "INT64 INT_64", "start_ns", "INT64 INT_64", "depth", "INT32 INT_32", "stack", "BYTE_ARRAY UTF8",
                    "threw", "BOOLEAN "), types);
            assertEquals(List.of(List.of("ZSTD")), rows(duck, "SELECT DISTINCT compression FROM parquet_metadata(" + file + ")").values);
            String stackEncodings = (String) rows(duck, "SELECT encodings FROM parquet_metadata(" + file + ") WHERE path_in_schema = 'stack'")
                    .values.get(0).get(0);
            assertTrue(stackEncodings.contains("DICTIONARY"), stackEncodings);
        }
    }

    @Test
    void twoRecordingsInOneDirectoryAreToldApartByRecordingAndAnotherExportReplacesARecordingsRows(@TempDir Path dir) throws Exception {
        Path allocations = Recorded.sample("Allocations");
        Path threads = Recorded.sample("Threads");
        Path out = dir.resolve("dataset");

        Outcome both = run(dir, profq("export", allocations.toString(), threads.toString(), "-o", out.toString(), "--views"));
        assertEquals(0, both.exitCode(), both::toString);
        Outcome again = run(dir, profq("export", allocations.toString(), "-o", out.toString(), "--tables", "run,allocations,heap_by_method"));
        assertEquals(0, again.exitCode(), again::toString);

        Map<String, Path> byId = Map.of(expectedId(allocations), allocations, expectedId(threads), threads);
        assertEquals(2, byId.size());
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            assertEquals(List.of(List.of(expectedId(allocations), "profq.samples.Allocations"), List.of(expectedId(threads), "profq.samples.Threads"))
                    .stream().sorted(Comparator.comparing(Object::toString)).toList(),
                    rows(duck, "SELECT recording, main_class FROM " + scan(out, "run") + " ORDER BY recording").values);
            for (Map.Entry<String, Path> recording : byId.entrySet()) {
                try (Connection profq = connect(recording.getValue())) {
                    for (String relation : List.of("allocations", "calls", "heap_by_method")) {
                        assertEquals(rows(profq, "SELECT * FROM " + relation).sorted(),
                                rows(duck, "SELECT * EXCLUDE (recording) FROM " + scan(out, relation) + " WHERE recording = '"
                                        + recording.getKey() + "'").sorted(), relation + " of " + recording.getValue());
                    }
                }
            }
        }
    }

    /** A program that started JVMs (ForkingParent: two ForkedChild JVMs) is three recordings, each with its own id. */
    @Test
    void eachJvmOfAGroupIsARecordingOfItsOwn(@TempDir Path dir) throws Exception {
        Path group = Recorded.sample("ForkingParent");
        Path out = dir.resolve("dataset");

        Outcome export = run(dir, profq("export", group.toString(), "-o", out.toString(), "--tables", "run"));

        assertEquals(0, export.exitCode(), export::toString);
        // Which child is jvm2 and which jvm3 is the order they began recording in: either way.
        List<List<Object>> expected = new ArrayList<>();
        for (Path jvm : List.of(group, group.resolve("jvms/jvm2.profq"), group.resolve("jvms/jvm3.profq"))) {
            try (Connection profq = connect(jvm)) {
                List<Object> run = new java.util.ArrayList<>(List.of(expectedId(jvm)));
                run.addAll(rows(profq, "SELECT main_class, args FROM run").values.get(0));
                expected.add(run);
            }
        }
        assertEquals(List.of("", "10 0", "20 3"), expected.stream().map(run -> run.get(2).toString()).sorted().toList());
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            assertEquals(expected.stream().sorted(Comparator.comparing(Object::toString)).toList(),
                    rows(duck, "SELECT recording, main_class, args FROM " + scan(out, "run") + " ORDER BY recording").values
                            .stream().sorted(Comparator.comparing(Object::toString)).toList());
        }
    }

    @Test
    void aDirectoryHoldingAnotherDatasetIsRefusedWithOneSentence(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Allocations").toString();
        Path foreign = Files.createDirectories(dir.resolve("foreign"));
        Files.writeString(foreign.resolve("events.parquet"), "someone else's");

        Outcome refused = run(dir, profq("export", recording, "-o", foreign.toString()));

        assertEquals(2, refused.exitCode(), refused::toString);
        assertEquals(List.of("profq: " + foreign + " holds files that are not a profq export (it has no _profq_dataset file);"
                + " give a new or empty directory, or one that profq export wrote, with -o."), refused.stderrLines());
        try (Stream<Path> files = Files.list(foreign)) {
            assertEquals(List.of(foreign.resolve("events.parquet")), files.toList(), "nothing written");
        }

        Path parquet = dir.resolve("parquet");
        assertEquals(0, run(dir, profq("export", recording, "-o", parquet.toString(), "--tables", "run")).exitCode());
        Outcome csv = run(dir, profq("export", recording, "-o", parquet.toString(), "--format", "csv"));
        assertEquals(2, csv.exitCode(), csv::toString);
        assertEquals(List.of("profq: " + parquet + " holds a parquet export; add --format parquet to add to it, or choose another"
                + " directory with -o."), csv.stderrLines());

        Path newer = Files.createDirectories(dir.resolve("newer"));
        Files.writeString(newer.resolve("_profq_dataset"), "dataset=profq\nlayout=2\nformat=parquet\n");
        Outcome layout = run(dir, profq("export", recording, "-o", newer.toString()));
        assertEquals(2, layout.exitCode(), layout::toString);
        assertEquals(List.of("profq: " + newer + " holds a profq export of layout 2, which this profq (layout 1) does not write;"
                + " choose another directory with -o."), layout.stderrLines());
    }

    @Test
    void csvHasAHeaderAndTheSameRows(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Allocations");
        Path out = dir.resolve("csv");

        assertEquals(0, run(dir, profq("export", recording.toString(), "-o", out.toString(), "--format", "csv", "--tables", "sites")).exitCode());

        Path part = out.resolve("sites").resolve("recording=" + expectedId(recording)).resolve("part-00000.csv");
        List<String> lines = Files.readAllLines(part);
        assertEquals("site_id,method_id,line,class_id,is_array,instance_size", lines.get(0));
        try (Connection profq = connect(recording)) {
            assertEquals(rows(profq, "SELECT COUNT(*) FROM sites").values.get(0).get(0), (long) lines.size() - 1);
        }
    }

    /**
     * SIGTERM while the second part of calls is being written (ManyEvents with 3 M iterations:
     * 9 M calls, three parts): the export stops, every file under a final name is whole (a table's
     * parts get their final names together, once all are written), and none under a temporary
     * name is left.
     */
    @Test
    void aSigtermMidwayLeavesNoHalfWrittenFileUnderAFinalName(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("ManyEvents.profq");
        Outcome recorded = run(dir, profq("record", "--out", recording.toString(), "--", Forked.JAVA, "-cp",
                Forked.SAMPLES_JAR.toString(), "profq.samples.ManyEvents", "3000000"));
        assertEquals(0, recorded.exitCode(), recorded::toString);
        Path out = dir.resolve("dataset");

        Running export = Forked.start(dir, profq("export", recording.toString(), "-o", out.toString(), "--tables", "calls"), "");
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (inProgress(out).stream().noneMatch(file -> file.getFileName().toString().startsWith(".part-00001.parquet."))) {
            if (!export.process().isAlive() || System.nanoTime() > deadline) {
                export.process().destroyForcibly();
                fail("no part was seen being written: " + export.finish());
            }
            Thread.sleep(5);
        }
        export.process().destroy(); // SIGTERM
        Outcome stopped = export.finish();

        assertNotEquals(0, stopped.exitCode(), stopped::toString);
        assertFalse(stopped.stdout().contains("exported"), stopped::toString);
        assertEquals(List.of(), inProgress(out), "temporary files are deleted");
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Stream<Path> files = Files.walk(out)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (file.getFileName().toString().endsWith(".parquet")) {
                    assertTrue((long) rows(duck, "SELECT COUNT(*) FROM read_parquet('" + file + "')").values.get(0).get(0) >= 0, file + " is whole");
                } else {
                    assertEquals(out.resolve("_profq_dataset"), file, "no other file");
                }
            }
        }
    }

    private static List<Path> inProgress(Path out) throws Exception {
        if (!Files.isDirectory(out)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(out)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".inprogress")).toList();
        }
    }

    /** The id the export gives a recording: its UTC start to the ns, pid and host, from the run table. */
    private static String expectedId(Path recording) throws SQLException {
        try (Connection profq = connect(recording)) {
            List<Object> run = rows(profq, "SELECT started_at, pid, host FROM run").values.get(0);
            String start = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.nnnnnnnnn'Z'", Locale.ROOT).withZone(ZoneOffset.UTC)
                    .format(Instant.parse((String) run.get(0)));
            return start + "-" + run.get(1) + "-" + ((String) run.get(2)).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "_");
        }
    }

    private static String scan(Path out, String relation) {
        return "read_parquet('" + out.resolve(relation) + "/*/*.parquet', hive_partitioning = true)";
    }

    private static Connection connect(Path recording) throws SQLException {
        return DriverManager.getConnection("jdbc:profq:" + recording);
    }

    /** A result's column names and rows, values made comparable across drivers (integers as Long). */
    private record Rows(List<String> columns, List<List<Object>> values) {
        List<String> sorted() {
            return values.stream().map(Object::toString).sorted().toList();
        }
    }

    private static Rows rows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData meta = result.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i).toLowerCase(Locale.ROOT) + " " + typeName(meta.getColumnType(i)));
            }
            List<List<Object>> values = new ArrayList<>();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    Object value = result.getObject(i);
                    row.add(value instanceof Integer || value instanceof Short || value instanceof Byte ? ((Number) value).longValue() : value);
                }
                values.add(row);
            }
            return new Rows(columns, values);
        }
    }

    private static String typeName(int type) {
        return switch (type) {
            case java.sql.Types.BIGINT -> "BIGINT";
            case java.sql.Types.INTEGER -> "INTEGER";
            case java.sql.Types.BOOLEAN -> "BOOLEAN";
            case java.sql.Types.DOUBLE -> "DOUBLE";
            case java.sql.Types.VARCHAR -> "VARCHAR";
            default -> "type " + type;
        };
    }
}
