package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.engine.testing.IndexActivity;
import org.profq.engine.testing.IndexFiles;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.engine.testing.ScannedTimeViews;

import profq.samples.Exceptions;
import profq.samples.ExitFromWorker;
import profq.samples.Recursion;
import profq.samples.Threads;
import profq.samples.ThrowSites;

/**
 * The totals per calling context the index keeps with {@code calls} answer the time views
 * ({@code time_by_method}, {@code call_tree}, {@code flame}) and a user's filterless
 * {@code GROUP BY} of what the context determines, with exactly the rows of the scan
 * ({@link ScannedTimeViews}), on samples with recursion ({@link Recursion}), several threads
 * ({@link Threads}), exceptions ({@link Exceptions}, {@link ThrowSites}) and calls still running
 * at the end ({@link ExitFromWorker}), each with the recording's calibration figures; and are
 * never trusted when damaged, when they do not add up to the rows, or when they were worked
 * out with another calibration than the recording's. ({@code IndexGrowthIT} checks them on an
 * index extended as its recording grew.)
 */
class CallTotalsIT {
    private static final String FLAME = "SELECT * FROM flame";

    @TempDir
    static Path directory;
    /** A recording of this class alone, whose index the tests that damage it delete first. */
    private static Path recursion;

    @BeforeAll
    static void record() {
        recursion = SampleRecording.record(directory, Recursion.class, "clock=exact", 0);
    }

    @BeforeEach
    void startFromANewIndex() throws IOException {
        deleteIndex(); // each test reads the index its first query builds
    }

    static Stream<Arguments> samplesAndViews() {
        return Stream.of(Recursion.class, Threads.class, Exceptions.class, ThrowSites.class, ExitFromWorker.class)
                .flatMap(sample -> ScannedTimeViews.NAMES.stream().map(view -> Arguments.of(sample, view)));
    }

    @ParameterizedTest
    @MethodSource("samplesAndViews")
    void everyTimeViewFromTheTotalsIsTheViewScanned(Class<?> sample, String view) throws SQLException {
        Path recording = SampleRecording.of(sample, sample == ExitFromWorker.class ? 4 : 0);
        try (Connection connection = Rows.connect(recording.toString())) {
            String sql = "SELECT * FROM " + view;
            assertTrue(plan(connection, sql).contains(ScannedTimeViews.FROM_TOTALS), plan(connection, sql));
            String scannedSql = ScannedTimeViews.sql(view);
            assertFalse(plan(connection, scannedSql).contains("totals"), plan(connection, scannedSql));
            List<List<Object>> scanned = Rows.query(connection, scannedSql);
            long answers = IndexActivity.contextTotalsAnswers();
            List<List<Object>> fromTotals = Rows.query(connection, sql);
            assertEquals(answers + 1, IndexActivity.contextTotalsAnswers(), "answered from the totals");
            assertFalse(scanned.isEmpty());
            assertEquals(scanned, fromTotals);
        }
    }

    /** What the samples hold that the totals must get right: else the test above proves less than it says. */
    @Test
    void theSamplesHoldRecursionThreadsExceptionsUnfinishedCallsAndCalibration() throws SQLException {
        assertEquals(List.of(List.of(11L)), query(Recursion.class, 0,
                "SELECT COUNT(*) FROM calls WHERE method_id = (SELECT method_id FROM methods WHERE name = 'sum')"));
        assertEquals(List.of(List.of(9L)), query(Threads.class, 0, "SELECT COUNT(DISTINCT thread_id) FROM calls"));
        assertEquals(List.of(List.of(3L)), query(Exceptions.class, 0, "SELECT COUNT(*) FROM calls WHERE threw"));
        assertTrue((Long) query(ExitFromWorker.class, 4, "SELECT COUNT(*) FROM calls WHERE NOT finished").get(0).get(0) >= 1);
        for (Class<?> sample : List.of(Recursion.class, Threads.class, Exceptions.class, ThrowSites.class)) {
            List<Object> costs = query(sample, 0, "SELECT call_cost_ns, call_cost_inside_ns FROM run").get(0);
            assertTrue(((Number) costs.get(0)).doubleValue() > 0, sample.getSimpleName() + ": " + costs);
        }
    }

    /** A user's aggregations over {@code calls} that the totals hold are answered from them, with the rows of the scan. */
    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT method_id, COUNT(*), SUM(duration_ns), MAX(duration_ns), SUM(self_ns) FROM calls GROUP BY method_id",
            "SELECT stack, depth, COUNT(*) FILTER (WHERE outermost), SUM(CASE WHEN parent_call_id IS NULL THEN duration_ns ELSE 0 END)"
                    + " FROM calls GROUP BY stack, depth",
            "SELECT outermost, method_id, MAX(self_ns), COUNT(*) FROM calls GROUP BY outermost, method_id",
            "SELECT method_id, COUNT(*) FILTER (WHERE parent_call_id IS NOT NULL), SUM(CASE WHEN NOT outermost THEN duration_ns ELSE 0 END)"
                    + " FROM calls GROUP BY method_id",
            "SELECT method_id, MAX(CASE WHEN outermost THEN duration_ns ELSE 0 END) FROM calls GROUP BY method_id"})
    void aUsersAggregationOfWhatTheContextDeterminesIsAnsweredFromTheTotals(String sql) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Threads.class).toString())) {
            assertTrue(plan(connection, sql).contains(ScannedTimeViews.FROM_TOTALS), plan(connection, sql));
            List<List<Object>> scanned = Rows.query(connection, sql.replace("GROUP BY", "WHERE call_id > 0 GROUP BY"));
            assertFalse(scanned.isEmpty());
            assertEquals(scanned, Rows.query(connection, sql));
        }
    }

    /**
     * An aggregation whose filters only the calling context decides (each context's calls pass
     * or fail together), or with no GROUP BY, is answered from the totals, with the rows of the
     * scan (the second query: the same with a filter the context does not decide, true of every call).
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "SELECT COUNT(*) FROM calls | SELECT COUNT(*) FROM calls WHERE call_id > 0",
            "SELECT COUNT(*), SUM(duration_ns), MAX(self_ns) FROM calls WHERE method_id = 3"
                    + " | SELECT COUNT(*), SUM(duration_ns), MAX(self_ns) FROM calls WHERE method_id = 3 AND call_id > 0",
            "SELECT method_id, COUNT(*) FROM calls WHERE outermost GROUP BY method_id"
                    + " | SELECT method_id, COUNT(*) FROM calls WHERE outermost AND call_id > 0 GROUP BY method_id",
            "SELECT depth, SUM(self_ns) FROM calls WHERE method_id IN (2, 3, 5) OR method_id BETWEEN 7 AND 9 GROUP BY depth"
                    + " | SELECT depth, SUM(self_ns) FROM calls WHERE (method_id IN (2, 3, 5) OR method_id BETWEEN 7 AND 9) AND call_id > 0 GROUP BY depth",
            "SELECT COUNT(*) FROM calls WHERE method_id <> 2 AND (depth > 1 OR parent_call_id IS NULL)"
                    + " | SELECT COUNT(*) FROM calls WHERE method_id <> 2 AND (depth > 1 OR parent_call_id IS NULL) AND call_id > 0",
            "SELECT COUNT(*), SUM(duration_ns), MAX(duration_ns) FROM calls WHERE method_id = -1"
                    + " | SELECT COUNT(*), SUM(duration_ns), MAX(duration_ns) FROM calls WHERE method_id = -1 AND call_id > 0",
            "SELECT COUNT(*) FROM calls WHERE (method_id > 3) IS NOT TRUE AND NOT outermost"
                    + " | SELECT COUNT(*) FROM calls WHERE (method_id > 3) IS NOT TRUE AND NOT outermost AND call_id > 0",
            "SELECT outermost, COUNT(*) FROM calls WHERE CAST(method_id AS BIGINT) >= 4 AND parent_call_id IS NOT NULL GROUP BY outermost"
                    + " | SELECT outermost, COUNT(*) FROM calls WHERE CAST(method_id AS BIGINT) >= 4 AND parent_call_id IS NOT NULL AND call_id > 0 GROUP BY outermost"})
    void anAggregationFilteredByWhatTheContextDecidesIsAnsweredFromTheTotals(String sql, String scannedSql) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Threads.class).toString())) {
            assertTrue(plan(connection, sql).contains(ScannedTimeViews.FROM_TOTALS), plan(connection, sql));
            assertFalse(plan(connection, scannedSql).contains("totals"), plan(connection, scannedSql));
            List<List<Object>> scanned = Rows.query(connection, scannedSql);
            long answers = IndexActivity.contextTotalsAnswers();
            assertEquals(scanned, Rows.query(connection, sql));
            assertEquals(answers + 1, IndexActivity.contextTotalsAnswers(), "answered from the totals");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT thread_id, COUNT(*) FROM calls GROUP BY thread_id",
            "SELECT method_id, MIN(duration_ns) FROM calls GROUP BY method_id",
            "SELECT method_id, SUM(cpu_ns) FROM calls GROUP BY method_id",
            "SELECT method_id, SUM(CASE WHEN threw THEN duration_ns ELSE 0 END) FROM calls GROUP BY method_id",
            "SELECT COUNT(*) FROM calls WHERE duration_ns > 5",
            "SELECT COUNT(*) FROM calls WHERE method_id = 3 OR thread_id = 1",
            "SELECT method_id, COUNT(*) FROM calls WHERE call_id > 3 AND method_id = 3 GROUP BY method_id",
            "SELECT thread_id, SUM(inclusive_ns) FROM _compensated_calls GROUP BY thread_id"})
    void anAggregationTheTotalsDoNotHoldIsScanned(String sql) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(Threads.class).toString())) {
            String plan = plan(connection, sql);
            assertTrue(plan.contains("IndexAggregate") && !plan.contains("totals"), plan);
        }
    }

    /** A byte of the totals flipped: the table's state fails its checksum, and the table is rebuilt before it is read. */
    @Test
    void damagedTotalsAreNotRead() throws Exception {
        List<List<Object>> scanned = scannedFlame();
        Path state = resumeState();
        byte[] bytes = Files.readAllBytes(state);
        bytes[lastGroupSum(bytes.length, 7)] ^= 0x10;
        Files.write(state, bytes);
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recursion.toString())) {
            assertEquals(scanned, Rows.query(connection, FLAME));
        }
        assertEquals(builds + 1, IndexActivity.builds(), "the table was rebuilt");
    }

    /** Totals that pass their checksum but whose raw self time is not the rows' answer the view: so they are what answers it. */
    @Test
    void theViewIsAnsweredFromTheTotalsAlone() throws Exception {
        List<List<Object>> scanned = scannedFlame();
        rewriteState(bytes -> bytes.putLong(lastGroupSum(bytes.capacity(), 7), bytes.getLong(lastGroupSum(bytes.capacity(), 7)) + 1));
        try (Connection connection = Rows.connect(recursion.toString())) {
            assertNotEquals(scanned, Rows.query(connection, FLAME));
        }
    }

    /** Totals that pass their checksum but do not add up to the table's rows are not trusted: the rows are scanned. */
    @Test
    void totalsThatDoNotAddUpToTheRowsAreNotTrusted() throws Exception {
        List<List<Object>> scanned = scannedFlame();
        rewriteState(bytes -> {
            int rows = lastGroupSum(bytes.capacity(), 0) - Long.BYTES;
            bytes.putLong(rows, bytes.getLong(rows) + 1);
            bytes.putLong(lastGroupSum(bytes.capacity(), 7), bytes.getLong(lastGroupSum(bytes.capacity(), 7)) + 1);
        });
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recursion.toString())) {
            assertEquals(scanned, Rows.query(connection, FLAME));
        }
        assertEquals(builds, IndexActivity.builds(), "the table was read as it is, its columns scanned");
    }

    /** Totals worked out with other calibration figures than the recording's are not trusted: the rows are scanned. */
    @Test
    void totalsOfAnotherCalibrationAreNotTrusted() throws Exception {
        List<List<Object>> scanned = scannedFlame();
        rewriteState(bytes -> {
            int callCost = finishedTotalsStart(bytes) + Integer.BYTES;
            bytes.putDouble(callCost, bytes.getDouble(callCost) + 1);
            bytes.putLong(lastGroupSum(bytes.capacity(), 7), bytes.getLong(lastGroupSum(bytes.capacity(), 7)) + 1);
        });
        long answers = IndexActivity.contextTotalsAnswers();
        try (Connection connection = Rows.connect(recursion.toString())) {
            assertEquals(scanned, Rows.query(connection, FLAME));
        }
        assertEquals(answers, IndexActivity.contextTotalsAnswers(), "scanned");
    }

    /**
     * The state of {@code calls} ends with the totals of its finished rows, then those of its
     * unfinished ones (none in Recursion: a header of {@value #EMPTY_TOTALS} bytes). A group is its
     * key, its rows, then the sum and the largest of each measure: where the last finished group's
     * sum of measure {@code measure} is.
     */
    private static int lastGroupSum(int stateLength, int measure) {
        return stateLength - EMPTY_TOTALS - 16 * 8 + measure * 16;
    }

    /** Magic, three calibration figures, the depth flag and the number of groups. */
    private static final int EMPTY_TOTALS = 4 + 3 * 8 + 1 + 4;
    private static final int MAGIC = 0x70716332;

    /** Where the totals of the finished rows start: the last magic before the unfinished rows'. */
    private static int finishedTotalsStart(ByteBuffer bytes) {
        for (int at = bytes.capacity() - EMPTY_TOTALS - 4; at >= 0; at--) {
            if (bytes.getInt(at) == MAGIC) {
                return at;
            }
        }
        throw new AssertionError("no totals in the state of calls");
    }

    /** Changes the state of {@code calls} with {@code change}, and makes its checksum in the manifest match again. */
    private static void rewriteState(java.util.function.Consumer<ByteBuffer> change) throws IOException {
        Path state = resumeState();
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(state));
        assertEquals(MAGIC, bytes.getInt(bytes.capacity() - EMPTY_TOTALS), "the unfinished rows' totals end the state");
        assertEquals(0, bytes.getInt(bytes.capacity() - 4), "Recursion has no unfinished calls");
        change.accept(bytes);
        Files.write(state, bytes.array());
        CRC32C crc = new CRC32C();
        crc.update(bytes.array());
        Path manifest = state.resolveSibling("manifest.properties");
        Files.writeString(manifest, Files.readString(manifest).replaceAll("resume_crc32c=\\p{XDigit}{8}",
                "resume_crc32c=" + String.format("%08x", crc.getValue())));
    }

    /**
     * An aggregation maps, and so checksums, only the column files it reads: a damaged column it
     * does not read goes unnoticed (and costs a new process nothing to check on a big recording),
     * while the first query that reads it finds the damage and rebuilds the table.
     */
    @Test
    void anAggregationChecksOnlyTheColumnFilesItReads() throws Exception {
        String durations = "SELECT COUNT(*), MAX(duration_ns) FROM calls WHERE call_id > 0";
        String selfTimes = "SELECT SUM(self_ns) FROM calls WHERE call_id > 0";
        List<List<Object>> selfTimesWhole;
        List<List<Object>> durationsWhole;
        try (Connection connection = Rows.connect(recursion.toString())) {
            selfTimesWhole = Rows.query(connection, selfTimes);
            durationsWhole = Rows.query(connection, durations);
        }
        Path selfNs = resumeState().resolveSibling("calls.self_ns");
        byte[] bytes = Files.readAllBytes(selfNs);
        bytes[0] ^= 0x01; // the first block's data, which its CRC32C covers
        Files.write(selfNs, bytes);
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recursion.toString())) {
            assertEquals(durationsWhole, Rows.query(connection, durations));
            assertEquals(builds, IndexActivity.builds(), "self_ns was not read, so not checked");
            assertEquals(selfTimesWhole, Rows.query(connection, selfTimes));
            assertEquals(builds + 1, IndexActivity.builds(), "self_ns was found damaged and the table rebuilt");
        }
    }

    /** flame scanned, on a fresh index (which this builds), and checked to be answered from the totals as built. */
    private static List<List<Object>> scannedFlame() throws SQLException {
        try (Connection connection = Rows.connect(recursion.toString())) {
            List<List<Object>> scanned = Rows.query(connection, ScannedTimeViews.sql("flame"));
            assertEquals(12, scanned.size(), "main, and sum at each of its 11 levels: " + scanned);
            assertEquals(scanned, Rows.query(connection, FLAME));
            return scanned;
        }
    }

    private static Path resumeState() throws IOException {
        return IndexFiles.resumeState(recursion, "calls");
    }

    private static void deleteIndex() throws IOException {
        IndexFiles.delete(recursion);
    }

    private static List<List<Object>> query(Class<?> sample, int exitCode, String sql) throws SQLException {
        try (Connection connection = Rows.connect(SampleRecording.of(sample, exitCode).toString())) {
            return Rows.query(connection, sql);
        }
    }

    private static String plan(Connection connection, String sql) throws SQLException {
        return Rows.query(connection, "EXPLAIN PLAN FOR " + sql).toString();
    }
}
