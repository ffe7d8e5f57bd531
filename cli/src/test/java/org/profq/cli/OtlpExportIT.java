package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

/**
 * {@code profq export --format otlp}: the profile of {@code Allocations} as an OpenTelemetry
 * {@code ExportProfilesServiceRequest}, read back by OpenTelemetry's own generated classes (in a JVM
 * of their own, with the protobuf runtime they were generated for): the dictionary's tables begin
 * with their zero values, the bytes are a {@code ProfilesData} too, the resource names the program,
 * and the five profiles add up exactly to the {@code calls} table, {@code call_tree}'s self times
 * and the {@code allocations} table, in total and per leaf function.
 */
class OtlpExportIT {

    @Test
    void eachValueIsAProfileOfCallingContextsThatAddsUpToTheTables(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Allocations");
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "otlp", "-o", "profile.otlp"));
        assertEquals(0, export.exitCode(), export::toString);
        assertEquals("", export.stderr());
        assertTrue(export.stdout().matches("exported \\d+ calling contexts to profile.otlp as otlp\n"), export.stdout());

        List<String> read = readBack(dir, dir.resolve("profile.otlp"));
        List<String> expected = new ArrayList<>();
        expected.add("same as ProfilesData true true");
        expected.add("zero entries true true true true true true true");
        expected.add("resources 1");
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement()) {
            expected.add("resource service.name=" + text(statement, "SELECT main_class FROM run"));
            expected.add("resource process.pid=" + single(statement, "SELECT pid FROM run"));
            expected.add("resource process.runtime.description=" + text(statement, "SELECT jvm FROM run"));
            expected.add("scope profq");
            long duration = single(statement, "SELECT duration_ns FROM run");
            String[] types = {"calls/count", "wall/nanoseconds", "cpu/nanoseconds", "alloc_objects/count", "alloc_space/bytes"};
            String[] totals = {"SELECT COUNT(*), COUNT(DISTINCT c.stack) FROM calls c",
                "SELECT SUM(self_ns), COUNT(DISTINCT CASE WHEN self_ns <> 0 THEN path END) FROM call_tree",
                "SELECT SUM(self_cpu_ns), COUNT(DISTINCT CASE WHEN self_cpu_ns <> 0 THEN path END) FROM call_tree",
                "SELECT COUNT(*), COUNT(DISTINCT COALESCE(c.stack, '')) FROM allocations a LEFT JOIN calls c ON c.call_id = a.call_id",
                "SELECT SUM(a.size_bytes), COUNT(DISTINCT CASE WHEN a.size_bytes <> 0 THEN COALESCE(c.stack, '') END)"
                        + " FROM allocations a LEFT JOIN calls c ON c.call_id = a.call_id"};
            String[] byLeaf = {"SELECT m.signature, COUNT(*) FROM calls c JOIN methods m ON m.method_id = c.method_id GROUP BY m.signature",
                "SELECT m.signature, SUM(t.self_ns) FROM call_tree t JOIN methods m ON m.method_id = t.method_id GROUP BY m.signature",
                "SELECT m.signature, SUM(t.self_cpu_ns) FROM call_tree t JOIN methods m ON m.method_id = t.method_id GROUP BY m.signature",
                "SELECT COALESCE(m.signature, '(outside recorded calls)'), COUNT(*) FROM allocations a LEFT JOIN calls c"
                        + " ON c.call_id = a.call_id LEFT JOIN methods m ON m.method_id = c.method_id GROUP BY COALESCE(m.signature, '(outside recorded calls)')",
                "SELECT COALESCE(m.signature, '(outside recorded calls)'), SUM(a.size_bytes) FROM allocations a LEFT JOIN calls c"
                        + " ON c.call_id = a.call_id LEFT JOIN methods m ON m.method_id = c.method_id GROUP BY COALESCE(m.signature, '(outside recorded calls)')"};
            for (int value = 0; value < types.length; value++) {
                try (ResultSet total = statement.executeQuery(totals[value])) {
                    total.next();
                    assertTrue(total.getLong(1) > 0, types[value] + " has values in the sample");
                    expected.add("profile " + types[value] + " " + total.getLong(1) + " " + total.getLong(2) + " " + duration + " true");
                }
                Map<String, Long> leaves = new TreeMap<>();
                try (ResultSet rows = statement.executeQuery(byLeaf[value])) {
                    while (rows.next()) {
                        if (rows.getLong(2) != 0) {
                            leaves.put(rows.getString(1), rows.getLong(2));
                        }
                    }
                }
                String type = types[value];
                leaves.forEach((leaf, measured) -> expected.add("leaf " + type + "\t" + leaf + "\t" + measured));
            }
        }
        assertEquals(expected, read);
    }

    @Test
    void aProfileHasNoWindow(@TempDir Path dir) throws Exception {
        Outcome export = run(dir, profq("export", Recorded.sample("Allocations").toString(), "--format", "otlp", "-o", "p.otlp",
                "--threads", "main"));
        assertEquals(2, export.exitCode(), export::toString);
        assertTrue(export.stderr().contains("--format=otlp writes the whole profile"), export::toString);
    }

    /** The lines OtlpProfileReader prints about {@code file}. */
    private static List<String> readBack(Path dir, Path file) throws Exception {
        Path lib = Path.of(Forked.property("profq.otlp.reader.lib"));
        String classPath;
        try (Stream<Path> jars = Files.list(lib)) {
            classPath = String.join(File.pathSeparator, jars.map(Path::toString).sorted().toList());
        }
        Outcome reader = run(dir, List.of(Forked.JAVA, "-cp", classPath, Forked.property("profq.otlp.reader.source"), file.toString()));
        assertEquals(0, reader.exitCode(), reader::toString);
        return reader.stdout().lines().toList();
    }

    private static long single(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static String text(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }
}
