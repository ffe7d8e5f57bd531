package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.ProfileViews;
import org.profq.engine.table.EventsNotRecordedException;
import org.profq.engine.testing.IndexActivity;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.ScannedTimeViews;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;
import org.profq.recording.Recording;

import profq.samples.ManyEvents;

/**
 * An index that grows with its recording: {@link ManyEvents} runs under the agent (calls,
 * allocations, exceptions; main and a work call always open) and is paused (SIGSTOP) now and
 * then; each time, a connection that stays open queries every view and indexed table, which
 * extends the index from where it ended, and the rows are exactly those of an index built from
 * scratch over a copy of the same log. An extension writes no byte of the files before: each
 * file of the index as it was is a prefix of the file after. At the end the program is killed
 * (SIGKILL), and the index of what it flushed is extended once more, with the same rows again.
 */
class IndexGrowthIT {
    private static final List<String> TABLES = List.of("calls", "allocations", "deaths", "exceptions", "uses", "params",
            "followed_objects", "field_writes", "reference_fields");

    @TempDir
    Path scratch;

    @Test
    void anIndexExtendedAsTheRecordingGrowsHoldsTheRowsOfOneBuiltAfterAndRewritesNothing() throws Exception {
        Path recording = scratch.resolve("ManyEvents.profq");
        Process program = new ProcessBuilder(SampleRun.command(Jdk.current(), "-javaagent:" + SampleRun.agentJar()
                + "=out=" + recording + ",clock=exact,events=calls:exceptions:deaths,track=97", ManyEvents.class, "4000000000"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            // the first build after the calibration is in the log: the calls' compensation, which is worked out
            // as they are indexed, is then the one every extension goes on with (before it, calls are built afresh)
            growTo(recording, program, 0, 3_000_000, true);
            long logBytes = pause(recording, program);
            try (Connection live = Rows.connect(recording.toString())) {
                Map<String, String> rows = everyViewAndTable(live);
                assertEquals(rows, freshBuildOfACopy(recording, "copy-0"), "the first build");
                Map<String, byte[]> files = indexFiles(recording);
                plantStaleResumeStates(recording);
                for (int round = 1; round <= 3; round++) {
                    signal(program, "CONT");
                    long before = logBytes;
                    logBytes = growTo(recording, program, before, before + before / 100, false); // about 1 %
                    logBytes = pause(recording, program);
                    if (round == 3) {
                        // SIGKILL, no shutdown hook, no end record: the index of what was flushed. Killed
                        // while paused where the log reads to its end, as a reader needs.
                        program.destroyForcibly();
                        program.waitFor(30, TimeUnit.SECONDS);
                    }
                    long builds = IndexActivity.builds();
                    long extensions = IndexActivity.extensions();
                    rows = everyViewAndTable(live);
                    assertEquals(builds, IndexActivity.builds(), "round " + round + ": nothing was built afresh");
                    assertTrue(IndexActivity.extensions() > extensions, "round " + round + ": the index was extended");
                    Map<String, byte[]> grown = indexFiles(recording);
                    for (Map.Entry<String, byte[]> file : files.entrySet()) {
                        byte[] now = grown.get(file.getKey());
                        assertTrue(now != null && now.length >= file.getValue().length, file.getKey() + " is still there, as long");
                        assertArrayEquals(file.getValue(), Arrays.copyOf(now, file.getValue().length),
                                "round " + round + ": " + file.getKey() + " kept every byte it had (the log grew from "
                                        + before + " to " + logBytes + " bytes)");
                    }
                    files = grown;
                    assertOneResumeStatePerTable(recording, round);
                    assertEquals(rows, freshBuildOfACopy(recording, "copy-" + round), "round " + round);
                }
            }
        } finally {
            program.destroyForcibly();
            program.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Waits until the log holds at least {@code bytes}; gives its length then. */
    /** Waits until the log holds {@code bytes}, and the calibration if {@code calibrated}. */
    private static long growTo(Path recording, Process program, long from, long bytes, boolean calibrated)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(recording.resolve("events"))) {
                try (Recording opened = Recording.open(recording)) {
                    if (opened.logBytes() >= bytes && (!calibrated || opened.calibration().isPresent())) {
                        return opened.logBytes();
                    }
                } catch (RuntimeException notYet) {
                    // no header yet
                }
            }
            assertTrue(program.isAlive(), "the program runs");
            Thread.sleep(5);
        }
        throw new AssertionError("the log did not grow from " + from + " to " + bytes + " bytes"
                + (calibrated ? " with the calibration" : "") + " in 60 s");
    }

    /**
     * Stops the program (SIGSTOP) where its log reads to the end: not while a document's length
     * word is still zero with the document's bytes after it, which a reader takes for damage.
     * Gives the log's length then.
     */
    private static long pause(Path recording, Process program) throws IOException, InterruptedException {
        for (int attempt = 0; ; attempt++) {
            signal(program, "STOP");
            try (Recording opened = Recording.open(recording)) {
                return opened.logBytes();
            } catch (RuntimeException midWrite) {
                if (attempt == 20) {
                    throw midWrite;
                }
            }
            signal(program, "CONT");
            Thread.sleep(3);
        }
    }

    private static void signal(Process program, String signal) throws IOException, InterruptedException {
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(program.pid())).start().waitFor());
        if (signal.equals("STOP")) {
            Thread.sleep(200); // writes in flight land
        }
    }

    /** The rows an index built from scratch gives, over a copy of the recording's log as it is now. */
    private Map<String, String> freshBuildOfACopy(Path recording, String name) throws IOException, SQLException {
        Path copy = scratch.resolve(name).resolve(recording.getFileName());
        Files.createDirectories(copy.resolve("events"));
        try (Stream<Path> files = Files.list(recording.resolve("events"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, copy.resolve("events").resolve(file.getFileName()));
            }
        }
        try (Connection connection = Rows.connect(copy.toString())) {
            long answers = IndexActivity.contextTotalsAnswers();
            Map<String, String> rows = everyViewAndTable(connection);
            // built in one pass with the copy's calibration: the time views were answered from the totals
            assertEquals(answers + ScannedTimeViews.NAMES.size(), IndexActivity.contextTotalsAnswers(), name);
            return rows;
        }
    }

    /**
     * A digest of the rows (in the order they come) of every profile view and every indexed table,
     * with their counts; and of allocations per site and per class as the index's totals give them,
     * which must be the rows a scan gives, as must the time views' (answered from the totals per
     * calling context when the calibration they were worked out with is the recording's).
     */
    private static Map<String, String> everyViewAndTable(Connection connection) throws SQLException {
        Map<String, String> digests = new LinkedHashMap<>();
        for (String name : Stream.concat(ProfileViews.NAMES.stream(), TABLES.stream()).toList()) {
            digests.put(name, digest(connection, "SELECT * FROM " + name));
        }
        for (String key : List.of("site_id", "class_id")) {
            String byKey = "SELECT " + key + ", COUNT(*), SUM(size_bytes), COUNT(CASE WHEN tracked THEN 1 END) FROM allocations ";
            String plan = Rows.query(connection, "EXPLAIN PLAN FOR " + byKey + "GROUP BY " + key).toString();
            assertTrue(plan.contains("from=[totals per " + key + "]"), plan);
            String fromTotals = digest(connection, byKey + "GROUP BY " + key);
            assertTrue(fromTotals.matches("[1-9][0-9]* rows, .*"), "allocations per " + key + ": " + fromTotals);
            assertEquals(digest(connection, byKey + "WHERE site_id >= 0 GROUP BY " + key), fromTotals,
                    "allocations per " + key + " from the index's totals, and scanned");
            digests.put("allocations per " + key, fromTotals);
        }
        for (String view : ScannedTimeViews.NAMES) {
            String plan = Rows.query(connection, "EXPLAIN PLAN FOR SELECT * FROM " + view).toString();
            assertTrue(plan.contains(ScannedTimeViews.FROM_TOTALS), plan);
            assertEquals(digest(connection, ScannedTimeViews.sql(view)), digests.get(view), view + " from the index's totals, and scanned");
        }
        return digests;
    }

    private static String digest(Connection connection, String sql) throws SQLException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long rows = 0;
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            StringBuilder row = new StringBuilder();
            while (result.next()) {
                row.setLength(0);
                for (int column = 1; column <= columns; column++) {
                    row.append(result.getObject(column)).append('\t');
                }
                digest.update(row.append('\n').toString().getBytes(StandardCharsets.UTF_8));
                rows++;
            }
        } catch (SQLException refused) {
            if (refused.getCause() instanceof EventsNotRecordedException) {
                return "refused: " + refused.getCause().getMessage(); // uses were not recorded: waste and uses say so, every time
            }
            throw refused;
        }
        return rows + " rows, " + HexFormat.of().formatHex(digest.digest());
    }

    /** A resume state per table that no manifest names, as a build that died before its manifest leaves. */
    private static void plantStaleResumeStates(Path recording) throws IOException {
        for (Path table : tableDirectories(recording)) {
            Files.write(table.resolve("resume-1.state"), new byte[] {1, 2, 3});
        }
    }

    /** Each table's directory keeps only the resume state its manifest names: the replaced ones and the stale ones are gone. */
    private static void assertOneResumeStatePerTable(Path recording, int round) throws IOException {
        for (Path table : tableDirectories(recording)) {
            try (Stream<Path> files = Files.list(table)) {
                List<String> states = files.map(file -> file.getFileName().toString()).filter(name -> name.startsWith("resume-")).toList();
                assertEquals(1, states.size(), "round " + round + ": " + table + " holds " + states);
                assertTrue(Files.readString(table.resolve("manifest.properties")).contains(states.get(0)), states.toString());
            }
        }
    }

    private static List<Path> tableDirectories(Path recording) throws IOException {
        try (Stream<Path> walk = Files.walk(recording.resolve(RecordingIndex.DIRECTORY))) {
            List<Path> tables = walk.filter(file -> file.getFileName().toString().equals("manifest.properties")).map(Path::getParent).toList();
            assertTrue(tables.size() > 3, "the tables' directories: " + tables);
            return tables;
        }
    }

    /** The bytes of the index's column and block files (not its manifests, resume states and log scan's state, which are replaced), by path. */
    private static Map<String, byte[]> indexFiles(Path recording) throws IOException {
        Path index = recording.resolve(RecordingIndex.DIRECTORY);
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(index)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                String name = file.getFileName().toString();
                if (!name.equals("manifest.properties") && !name.startsWith("resume-") && !name.equals("extend.lock")
                        && !name.equals(SavedLogScans.FILE)) {
                    files.put(index.relativize(file).toString(), Files.readAllBytes(file));
                }
            }
        }
        assertTrue(files.size() > 20, "the index's files: " + files.keySet());
        return files;
    }
}
