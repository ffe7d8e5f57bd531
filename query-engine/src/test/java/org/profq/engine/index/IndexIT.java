package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.IndexActivity;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Allocations;
import profq.samples.Recursion;
import profq.samples.ThrowSites;

/**
 * The columnar index under {@code <recording>/index/}: each table built when a query first reads
 * it (the heap views never build calls), all a statement reads in one pass, with the rows of a
 * build of every table at once; reused by the next connection; rebuilt when deleted or damaged
 * in what a query reads, with the same rows as before, and not stopped by damage in what it does
 * not read; and the projection and filters a query pushes into the scan, shown by EXPLAIN PLAN.
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
        assertTrue(before.containsKey("calls/manifest.properties") && before.containsKey("calls/calls.self_ns")
                && before.containsKey("allocations/allocations.size_bytes"), before.toString());
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(calls, Rows.query(connection, ALL_CALLS));
            assertEquals(allocations, Rows.query(connection, ALL_ALLOCATIONS));
        }
        assertEquals(builds, IndexActivity.builds(), "no index was built");
        assertEquals(before, files(index()), "the index files are the same files, unchanged");
    }

    @Test
    void aHeapQueryBuildsAllocationsAloneAndACallsQueryThenAddsCalls() throws Exception {
        Path fresh = SampleRecording.record(SampleRecording.newDirectory(Allocations.class), Allocations.class, "", 0);
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(fresh.toString())) {
            assertEquals(List.of(List.of("profq.samples.Allocations.allocate()", 1_110L, 31_360L, 1.0)),
                    Rows.query(connection, "SELECT signature, objects, bytes, share FROM heap_by_method"));
            Map<String, FileTime> heapOnly = files(fresh.resolve(RecordingIndex.DIRECTORY));
            assertEquals(Set.of("allocations"), tablesOf(heapOnly), "only allocations was built: " + heapOnly.keySet());
            assertTrue(heapOnly.keySet().stream().noneMatch(file -> file.contains("calls.") || file.contains("contexts.")),
                    "no call column was written: " + heapOnly.keySet());
            assertEquals(builds + 1, IndexActivity.builds());

            // allocate() loads Point, and Point's weaving is profq's frame in that call
            assertEquals(List.of(List.of("<init>", 1_000L), List.of("allocate", 1L), List.of("main", 1L), List.of("weaving", 1L)),
                    Rows.query(connection, "SELECT name, COUNT(*) FROM calls JOIN methods USING (method_id) GROUP BY name ORDER BY name"));
            Map<String, FileTime> both = files(fresh.resolve(RecordingIndex.DIRECTORY));
            assertEquals(Set.of("allocations", "calls"), tablesOf(both));
            assertTrue(both.containsKey("calls/calls.self_ns") && both.containsKey("calls/contexts.parent"), both.keySet().toString());
            heapOnly.forEach((file, modified) -> assertEquals(modified, both.get(file), file + " is the file the heap query wrote"));
            assertEquals(builds + 2, IndexActivity.builds(), "calls was added in one more pass");
        }
    }

    @Test
    void aStatementBuildsEveryTableItReadsInOnePassWithTheRowsOfTablesBuiltOneByOne() throws Exception {
        Path fresh = SampleRecording.record(SampleRecording.newDirectory(ThrowSites.class), ThrowSites.class,
                "clock=exact,events=calls:deaths:exceptions:uses,track=1", 0);
        Map<String, List<List<Object>>> oneByOne;
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(fresh.toString())) {
            oneByOne = everyViewAndTable(connection);
        }
        long oneByOneBuilds = IndexActivity.builds();
        assertTrue(oneByOneBuilds > builds + 1, "the views read their tables in several statements, so in several passes");

        deleteTree(fresh.resolve(RecordingIndex.DIRECTORY));
        try (Connection connection = Rows.connect(fresh.toString())) {
            assertEquals(oneByOne.get("lifetimes"), Rows.query(connection, "SELECT * FROM lifetimes"));
            assertEquals(oneByOneBuilds + 1, IndexActivity.builds(), "a view's tables are built in one pass");
            assertEquals(Set.of("allocations", "deaths"), tablesOf(files(fresh.resolve(RecordingIndex.DIRECTORY))));
            assertEquals(List.of(List.of(5L)), Rows.query(connection, """
                    SELECT COUNT(*) FROM (SELECT 1 FROM calls UNION ALL SELECT 1 FROM allocations UNION ALL SELECT 1 FROM deaths
                        UNION ALL SELECT 1 FROM exceptions UNION ALL SELECT 1 FROM uses UNION ALL SELECT 1 FROM params
                        UNION ALL SELECT 1 FROM followed_objects UNION ALL SELECT 1 FROM field_writes
                        UNION ALL SELECT 1 FROM reference_fields FETCH FIRST 5 ROWS ONLY)"""));
            assertEquals(oneByOneBuilds + 2, IndexActivity.builds(), "one pass built the seven others");
            assertEquals(Set.of("calls", "allocations", "deaths", "exceptions", "uses", "params", "followed_objects",
                    "field_writes", "reference_fields"), tablesOf(files(fresh.resolve(RecordingIndex.DIRECTORY))));
            assertEquals(oneByOne, everyViewAndTable(connection));
        }
        assertEquals(oneByOneBuilds + 2, IndexActivity.builds(), "every table was built: no more passes");
    }

    @Test
    void anIndexAnOlderProfqBuiltInOnePieceIsReplacedQuietly() throws Exception {
        deleteTree(index());
        Files.createDirectories(index());
        Files.writeString(index().resolve("manifest.properties"), "format=5\ncalls=12\n");
        Files.write(index().resolve("calls.call_id"), new byte[64]);
        PrintStream stderr = System.err;
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
        try {
            assertRebuiltWithTheSameRows(2);
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", said.toString(StandardCharsets.UTF_8), "stale, not damaged: rebuilt without a word");
        assertEquals(Set.of("allocations", "calls"), tablesOf(files(index())), "and the older files are gone");
    }

    @Test
    void aDeletedIndexIsRebuiltWithTheSameRows() throws Exception {
        deleteTree(index());
        assertRebuiltWithTheSameRows(2); // calls by the first query, allocations by the second
    }

    @Test
    void aTruncatedColumnFileIsRebuiltWithTheSameRows() throws Exception {
        try (FileChannel column = FileChannel.open(index().resolve("calls/calls.self_ns"), StandardOpenOption.WRITE)) {
            column.truncate(column.size() / 2);
        }
        assertRebuiltWithTheSameRows(1);
    }

    @Test
    void aMissingColumnFileOrAGarbledManifestIsRebuilt() throws Exception {
        Files.delete(index().resolve("allocations/allocations.size_bytes"));
        assertRebuiltWithTheSameRows(1);
        Files.writeString(index().resolve("calls/manifest.properties"), "format=one\ncalls=-3\n");
        assertRebuiltWithTheSameRows(1);
    }

    @Test
    void aDamagedColumnAQueryDoesNotReadDoesNotStopItAndIsRebuiltWhenOneDoes() throws Exception {
        Path column = index().resolve("allocations/allocations.alloc_ns");
        byte[] pristine = Files.readAllBytes(column);
        byte[] flipped = pristine.clone();
        flipped[0] ^= 0x10;
        Files.write(column, flipped);
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(Rows.query(connection, "SELECT object_id, site_id, size_bytes FROM allocations ORDER BY object_id"),
                    allocations.stream().map(row -> List.of(row.get(0), row.get(1), row.get(6))).toList());
            assertEquals(builds, IndexActivity.builds(), "the damaged column was not read, so not rebuilt");
            assertArrayEquals(flipped, Files.readAllBytes(column), "and left as it was");

            assertEquals(allocations, Rows.query(connection, ALL_ALLOCATIONS), "alloc_ns is read: its table is rebuilt first");
            assertEquals(builds + 1, IndexActivity.builds());
            assertArrayEquals(pristine, Files.readAllBytes(column));
        }
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

    /** Asserts that both tables give the rows they gave first, after {@code passes} builds (one per table rebuilt). */
    private static void assertRebuiltWithTheSameRows(int passes) throws SQLException {
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(calls, Rows.query(connection, ALL_CALLS));
            assertEquals(allocations, Rows.query(connection, ALL_ALLOCATIONS));
        }
        assertEquals(builds + passes, IndexActivity.builds(), "the damaged or missing tables were built again");
        assertTrue(Files.isRegularFile(index().resolve("calls/manifest.properties")));
        assertTrue(Files.isRegularFile(index().resolve("allocations/manifest.properties")));
    }

    /** The rows of every profile view and of every indexed table, by name. */
    private static Map<String, List<List<Object>>> everyViewAndTable(Connection connection) throws SQLException {
        Map<String, List<List<Object>>> rows = new TreeMap<>(Rows.everyView(connection));
        for (String table : List.of("calls", "allocations", "deaths", "exceptions", "uses")) {
            rows.put(table, Rows.query(connection, "SELECT * FROM " + table));
        }
        return rows;
    }

    /** The index's tables: the directories its files are in (and the names of any files beside them). */
    /** The tables of the index's files: their directories (the log scan's state beside them is not one). */
    private static Set<String> tablesOf(Map<String, FileTime> files) {
        return files.keySet().stream().filter(file -> !file.equals(SavedLogScans.FILE))
                .map(file -> file.contains("/") ? file.substring(0, file.indexOf('/')) : file)
                .collect(Collectors.toSet());
    }

    private static Path index() {
        return recording.resolve(RecordingIndex.DIRECTORY);
    }

    /** The files under {@code directory}, by their path in it, with their modification times. */
    private static Map<String, FileTime> files(Path directory) throws IOException {
        Map<String, FileTime> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                files.put(directory.relativize(file).toString(), Files.getLastModifiedTime(file));
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
