package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.record;
import static org.profq.cli.Forked.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.engine.ProfileViews;
import org.profq.engine.table.EventsNotRecordedException;
import org.profq.recorder.LoggedMessages;

/**
 * {@code profq record} indexes the recording while the program runs: when it returns, the index
 * is there, it was extended (its files hold the tails earlier extensions left, so they are longer
 * than a build's), and every view and table gives exactly the rows of an index built afterwards
 * from scratch; the time views are answered from the totals per calling context kept with
 * {@code calls}, which waited for the recording's calibration. {@code --no-index} leaves
 * no table behind, and says so.
 */
class IndexWhileRecordingIT {
    /** The aggregations the engine answers from a table's totals per calling context (it logs each at DEBUG). */
    private static final LoggedMessages CONTEXT_TOTALS_ANSWERS = LoggedMessages.of("org.profq.engine.scan", "answered from the totals per calling context");

    private static final List<String> TABLES = List.of("calls", "allocations", "deaths", "exceptions", "uses", "params",
            "followed_objects", "field_writes", "reference_fields");

    @TempDir
    Path dir;

    @Test
    void anIndexBuiltWhileRecordingHoldsTheRowsOfOneBuiltAfter() throws Exception {
        // Extended every 20 ms rather than every second, whatever the program leaves idle: a short run sees several extensions.
        List<String> command = new ArrayList<>(record(List.of("--events=calls:exceptions:deaths", "--track=97"), "ManyEvents"));
        command.add(1, "-Dprofq.indexPeriodMillis=20");
        command.add(2, "-Dprofq.indexSpareCores=0");
        command.add("600000");
        Outcome recorded = run(dir, command);
        assertEquals(0, recorded.exitCode(), recorded::toString);
        Path recording = dir.resolve("ManyEvents.profq");
        Path index = recording.resolve("index");
        assertTrue(Files.isRegularFile(index.resolve("calls/manifest.properties")), "calls was indexed while recording");
        assertTrue(Files.isRegularFile(index.resolve("allocations/manifest.properties")));

        // Complete, unless the indexer (at nice 19) fell behind on a busy machine: then the queries
        // extend it from where it stopped.
        long answers = CONTEXT_TOTALS_ANSWERS.count();
        Map<String, String> whileRecording = everyViewAndTable(recording);
        long grownBytes = bytes(index);
        // calls waits for the calibration before it is indexed, so its totals per calling context are trusted
        assertEquals(answers + 3, CONTEXT_TOTALS_ANSWERS.count(), "time_by_method, call_tree and flame from the totals");

        deleteTree(index);
        Map<String, String> after = everyViewAndTable(recording);
        assertEquals(after, whileRecording);
        // Extended as the program ran, its files hold the tails extensions left behind; at nice 19 on a busy machine
        // the indexer may not run before the program ends (seen at load 15), and then one build did it all. That
        // extensions leave every earlier byte in place and give a fresh build's rows is IndexGrowthIT's to show.
        assertTrue(grownBytes >= bytes(index), "no byte of the index was lost: " + grownBytes + " bytes against "
                + bytes(index) + " for one build");
    }

    @Test
    void noIndexLeavesTheIndexToTheFirstQuery() throws Exception {
        Outcome recorded = run(dir, withArgs(record(List.of("--no-index"), "ManyEvents"), "2000000"));
        assertEquals(0, recorded.exitCode(), recorded::toString);
        try (Stream<Path> index = Files.list(dir.resolve("ManyEvents.profq/index"))) {
            assertEquals(List.of("logscan.state"), index.map(file -> file.getFileName().toString()).toList(),
                    "no table: the state of the summary's log scan alone");
        }
        assertTrue(recorded.stderr().endsWith("; not indexed yet: the first query will build the index.\n"), recorded::toString);
        Outcome help = run(dir, Forked.profq("record", "--help"));
        assertTrue(help.stdout().contains("--no-index"), help::toString);
    }

    private static List<String> withArgs(List<String> command, String... args) {
        List<String> all = new ArrayList<>(command);
        all.addAll(List.of(args));
        return all;
    }

    /** A digest of the rows (in the order they come) of every profile view and indexed table, with their counts. */
    private static Map<String, String> everyViewAndTable(Path recording) throws Exception {
        Map<String, String> digests = new LinkedHashMap<>();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording)) {
            for (String name : Stream.concat(ProfileViews.NAMES.stream(), TABLES.stream()).toList()) {
                digests.put(name, digest(connection, "SELECT * FROM " + name));
            }
        }
        return digests;
    }

    private static String digest(Connection connection, String sql) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
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
                return "refused: " + refused.getCause().getMessage(); // events not recorded: the same refusal each time
            }
            throw refused;
        }
        return rows + " rows, " + HexFormat.of().formatHex(digest.digest());
    }

    private static long bytes(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).filter(file -> !file.getFileName().toString().startsWith("manifest"))
                    .mapToLong(file -> file.toFile().length()).sum();
        }
    }

    private static void deleteTree(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }
}
