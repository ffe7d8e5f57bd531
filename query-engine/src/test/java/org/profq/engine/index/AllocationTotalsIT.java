package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.engine.testing.IndexActivity;
import org.profq.engine.testing.IndexFiles;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.Allocations;

/**
 * The totals per site and per class the index keeps with {@code allocations} answer a
 * {@code GROUP BY site_id} or {@code class_id} over the whole table (what the heap views read)
 * with exactly the rows the scan gives, and are never trusted when damaged. {@link Allocations} with {@code track=3}: 1,000 Points (24
 * bytes), 100 int[10] (56 bytes), 10 long[3][4] (176 bytes per creation), the first and every
 * third of each site's tracked. The scan's answer is the same query with a filter that keeps
 * every row, which the totals cannot answer; {@code EXPLAIN} tells the two apart.
 * ({@code IndexGrowthIT} checks the totals of a table extended as its recording grew.)
 */
class AllocationTotalsIT {
    private static final String BY_SITE = "SELECT site_id, COUNT(*), SUM(size_bytes), COUNT(CASE WHEN tracked THEN 1 END) "
            + "FROM allocations GROUP BY site_id";
    private static final String BY_SITE_SCANNED = "SELECT site_id, COUNT(*), SUM(size_bytes), COUNT(CASE WHEN tracked THEN 1 END) "
            + "FROM allocations WHERE site_id >= 0 GROUP BY site_id";
    private static final String FROM_TOTALS = "from=[totals per site_id]";

    @TempDir
    static Path directory;
    private static Path recording;

    @BeforeAll
    static void record() {
        recording = SampleRecording.record(directory, Allocations.class, "events=calls:allocations:deaths,track=3", 0);
    }

    @BeforeEach
    void startFromANewIndex() throws IOException {
        deleteIndex(); // each test reads the index its first query builds
    }

    @Test
    void theTotalsGiveExactlyTheRowsOfTheScan() throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            assertTrue(plan(connection, BY_SITE).contains(FROM_TOTALS), plan(connection, BY_SITE));
            assertFalse(plan(connection, BY_SITE_SCANNED).contains("totals"), plan(connection, BY_SITE_SCANNED));
            List<List<Object>> scanned = Rows.query(connection, BY_SITE_SCANNED);
            assertEquals(List.of(List.of(1_000L, 24_000L, 334L), List.of(100L, 5_600L, 34L), List.of(10L, 1_760L, 4L)),
                    scanned.stream().map(row -> row.subList(1, 4)).toList(), "the sites, in the order of their first rows");
            assertEquals(scanned, Rows.query(connection, BY_SITE));
        }
    }

    /** Other spellings of the same aggregates are answered from the totals; the rest are scanned, with the same rows as Calcite's. */
    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT site_id, COUNT(*) FILTER (WHERE tracked), SUM(size_bytes), COUNT(object_id) FROM allocations GROUP BY site_id",
            "SELECT * FROM _allocations_by_site",
            "SELECT COUNT(*) AS objects, site_id FROM allocations GROUP BY site_id",
            "SELECT class_id, COUNT(*), SUM(size_bytes) FROM allocations GROUP BY class_id",
            "SELECT class_id, COUNT(*) FILTER (WHERE tracked) FROM allocations GROUP BY class_id"})
    void everyQueryOfTheTotalsIsAnsweredFromThem(String sql) throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            assertTrue(plan(connection, sql).contains("from=[totals per " + (sql.contains("class_id") ? "class_id]" : "site_id]")),
                    plan(connection, sql));
            assertEquals(Rows.query(connection, sql.replace("GROUP BY", "WHERE site_id >= 0 GROUP BY")
                            .replace("_allocations_by_site", "(" + BY_SITE_SCANNED + ")")),
                    Rows.query(connection, sql));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT site_id, MAX(size_bytes) FROM allocations GROUP BY site_id",
            "SELECT site_id, COUNT(array_length) FROM allocations GROUP BY site_id",
            "SELECT site_id, SUM(size_bytes) FILTER (WHERE tracked) FROM allocations GROUP BY site_id",
            "SELECT site_id, COUNT(CASE WHEN tracked THEN NULL ELSE 1 END) FROM allocations GROUP BY site_id",
            "SELECT thread_id, COUNT(*) FROM allocations GROUP BY thread_id",
            "SELECT site_id, class_id, COUNT(*) FROM allocations GROUP BY site_id, class_id",
            "SELECT site_id, COUNT(*) FROM allocations WHERE tracked GROUP BY site_id"})
    void aQueryTheTotalsDoNotHoldIsScanned(String sql) throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            String plan = plan(connection, sql);
            assertTrue(plan.contains("IndexAggregate") && !plan.contains("totals"), plan);
        }
    }

    /** A byte of the totals flipped: the table's state fails its checksum, and the table is rebuilt before it is read. */
    @Test
    void damagedTotalsAreNotRead() throws Exception {
        List<List<Object>> scanned = firstAnswer();
        Path state = resumeState();
        byte[] bytes = Files.readAllBytes(state);
        bytes[bytes.length - 1] ^= 0x10; // the last class's tracked objects (per site, then per class)
        Files.write(state, bytes);
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(scanned, Rows.query(connection, BY_SITE));
        }
        assertEquals(builds + 1, IndexActivity.builds(), "the table was rebuilt");
    }

    /**
     * Totals that pass their checksum but do not add up to the table's rows (one object more of
     * the last class, its checksum made again) are not trusted: the rows are scanned.
     */
    @Test
    void totalsThatDoNotAddUpToTheRowsAreNotTrusted() throws Exception {
        List<List<Object>> scanned = firstAnswer();
        Path state = resumeState();
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(state));
        int lastObjects = bytes.capacity() - 24; // then the last class's bytes and tracked objects
        bytes.putLong(lastObjects, bytes.getLong(lastObjects) + 1);
        Files.write(state, bytes.array());
        CRC32C crc = new CRC32C();
        crc.update(bytes.array());
        Path manifest = state.resolveSibling("manifest.properties");
        Files.writeString(manifest, Files.readString(manifest).replaceAll("resume_crc32c=\\p{XDigit}{8}",
                "resume_crc32c=" + String.format("%08x", crc.getValue())));
        long builds = IndexActivity.builds();
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(scanned, Rows.query(connection, BY_SITE));
        }
        assertEquals(builds, IndexActivity.builds(), "the table was read as it is, its columns scanned");
    }

    /** The scan's rows, on a fresh index (which this builds). */
    private static List<List<Object>> firstAnswer() throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            List<List<Object>> scanned = Rows.query(connection, BY_SITE_SCANNED);
            assertEquals(3, scanned.size());
            return scanned;
        }
    }

    private static Path resumeState() throws IOException {
        return IndexFiles.resumeState(recording, "allocations");
    }

    private static void deleteIndex() throws IOException {
        IndexFiles.delete(recording);
    }

    private static String plan(Connection connection, String sql) throws SQLException {
        return Rows.query(connection, "EXPLAIN PLAN FOR " + sql).toString();
    }
}
