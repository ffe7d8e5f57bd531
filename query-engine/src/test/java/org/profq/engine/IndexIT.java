package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.index.RecordingIndex;

import profq.samples.Recursion;

/**
 * The columnar index under {@code <recording>/index/}: built on the first query, reused by the
 * next connection, rebuilt when deleted or damaged with the same rows as before; and the
 * projection and filters a query pushes into the scan, shown by EXPLAIN PLAN.
 */
class IndexIT {
    private static final String ALL_CALLS = "SELECT * FROM calls ORDER BY call_id";
    private static final String ALL_ALLOCATIONS = "SELECT * FROM allocations ORDER BY object_id";

    @TempDir
    static Path scratch;
    private static Path recording;
    private static List<List<Object>> calls;
    private static List<List<Object>> allocations;

    @BeforeAll
    static void recordAndQueryOnce() throws SQLException {
        recording = SampleRecording.record(scratch, Recursion.class, "clock=exact", 0);
        try (Connection connection = Rows.connect(recording.toString())) {
            calls = Rows.query(connection, ALL_CALLS);
            allocations = Rows.query(connection, ALL_ALLOCATIONS);
        }
        assertEquals(12, calls.size(), "main and 11 calls of sum(int)");
    }

    @Test
    void theIndexIsBuiltOnceAndReusedByTheNextConnection() throws Exception {
        Map<String, FileTime> before = files(index());
        assertTrue(before.containsKey("manifest.properties") && before.containsKey("calls.self_ns"), before.toString());
        long builds = RecordingIndex.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(calls, Rows.query(connection, ALL_CALLS));
            assertEquals(allocations, Rows.query(connection, ALL_ALLOCATIONS));
        }
        assertEquals(builds, RecordingIndex.builds(), "no index was built");
        assertEquals(before, files(index()), "the index files are the same files, unchanged");
    }

    @Test
    void aDeletedIndexIsRebuiltWithTheSameRows() throws Exception {
        deleteTree(index());
        assertRebuiltWithTheSameRows();
    }

    @Test
    void aTruncatedColumnFileIsRebuiltWithTheSameRows() throws Exception {
        try (FileChannel column = FileChannel.open(index().resolve("calls.self_ns"), StandardOpenOption.WRITE)) {
            column.truncate(column.size() / 2);
        }
        assertRebuiltWithTheSameRows();
    }

    @Test
    void aMissingColumnFileOrAGarbledManifestIsRebuilt() throws Exception {
        Files.delete(index().resolve("allocations.size_bytes"));
        assertRebuiltWithTheSameRows();
        Files.writeString(index().resolve("manifest.properties"), "format=one\ncalls=-3\n");
        assertRebuiltWithTheSameRows();
    }

    @Test
    void explainShowsTheProjectionAndFiltersPushedIntoTheScan() throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            String plan = (String) Rows.query(connection, """
                    EXPLAIN PLAN FOR SELECT call_id, depth FROM calls
                    WHERE depth > 3 AND parent_call_id IS NOT NULL AND start_ns BETWEEN 0 AND 1000000000000""").get(0).get(0);
            assertTrue(plan.contains("BindableTableScan(table=[[recording, calls]], filters=[["), plan);
            assertTrue(plan.contains(">($4, 3)") && plan.contains("IS NOT NULL($3)") && plan.contains("SEARCH($5"), plan);
            assertTrue(plan.contains("projects=[[0, 4]]"), plan);
        }
    }

    @Test
    void pushedFiltersGiveTheRowsCalciteWouldGive() throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            for (String filter : List.of("depth > 3", "depth >= 6", "depth < 2", "depth <> 4", "depth = 10",
                    "depth BETWEEN 2 AND 4", "depth IN (1, 3, 5)", "parent_call_id IS NULL", "parent_call_id IS NOT NULL",
                    "outermost", "NOT outermost", "finished AND NOT threw", "depth > 2.5", "depth < 2 OR depth > 8",
                    "call_id = " + calls.get(3).get(0), "thread_id = 1 AND depth <= 1")) {
                String unpushable = filter.replaceAll("\\bdepth\\b", "(depth + 0)")
                        .replaceAll("\\bparent_call_id\\b", "(parent_call_id + 0)")
                        .replaceAll("\\bcall_id\\b", "(call_id + 0)").replaceAll("\\bthread_id\\b", "(thread_id + 0)")
                        .replaceAll("\\boutermost\\b", "(outermost OR outermost IS NULL AND depth + 0 < 0)");
                List<List<Object>> expected = Rows.query(connection, "SELECT call_id, depth FROM calls WHERE " + unpushable
                        + " ORDER BY call_id");
                assertEquals(expected, Rows.query(connection, "SELECT call_id, depth FROM calls WHERE " + filter
                        + " ORDER BY call_id"), filter);
            }
        }
    }

    private static void assertRebuiltWithTheSameRows() throws SQLException {
        long builds = RecordingIndex.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(calls, Rows.query(connection, ALL_CALLS));
            assertEquals(allocations, Rows.query(connection, ALL_ALLOCATIONS));
        }
        assertEquals(builds + 1, RecordingIndex.builds(), "the index was built again");
        assertTrue(Files.isRegularFile(index().resolve("manifest.properties")));
    }

    private static Path index() {
        return recording.resolve(RecordingIndex.DIRECTORY);
    }

    private static Map<String, FileTime> files(Path directory) throws IOException {
        Map<String, FileTime> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(directory)) {
            for (Path file : (Iterable<Path>) list::iterator) {
                files.put(file.getFileName().toString(), Files.getLastModifiedTime(file));
            }
        }
        return files;
    }

    private static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }
}
