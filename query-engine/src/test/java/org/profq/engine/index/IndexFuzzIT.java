package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.ProfileViews;
import org.profq.engine.testing.FileDamage;
import org.profq.engine.testing.IndexActivity;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;

import profq.samples.ThrowSites;

/**
 * The index under fuzzing: each seed damages one file of a complete index (a column file or
 * a table's manifest: truncated, zero-filled or bit-flipped; see {@link FileDamage}), then every
 * profile view and every indexed table (all of its columns) is queried. Every damaged column
 * file is caught (by its length or its CRC32C) when a query first reads it: its table is rebuilt
 * from events/, one line on stderr names the file, and every query gives exactly the rows of the
 * undamaged index. A damaged manifest is caught the same way, or changed only what nothing reads
 * (its comment line). The index is derived data, so a query
 * never needs to fail: an SQLException would have to name the recording, and none happens. No
 * seed may hang (each has {@link #PATIENCE}) or crash the JVM.
 *
 * <p>Most seeds damage the index under an open connection between two executions of the views'
 * prepared statements (planning a view costs ~50 ms, executing it ~1 ms), which is also the path
 * of damage while a REPL is open; a few open a new connection per seed. The sample is
 * {@link ThrowSites} with calls, allocations, deaths (every object tracked), exceptions and uses,
 * so every table the views read was recorded and is read.
 */
class IndexFuzzIT {
    private static final int SEEDS_ON_AN_OPEN_CONNECTION = 240;
    private static final int SEEDS_ON_NEW_CONNECTIONS = 8;
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String MANIFEST = "manifest.properties";
    /** Every profile view, and every indexed table with all its columns, so that every column file is read. */
    private static final Map<String, String> QUERIES = new LinkedHashMap<>();

    static {
        ProfileViews.NAMES.forEach(view -> QUERIES.put(view, "SELECT * FROM " + view));
        for (String table : List.of("calls", "allocations", "deaths", "exceptions", "uses", "params", "followed_objects",
                "field_writes", "reference_fields")) {
            QUERIES.put(table, "SELECT * FROM " + table);
        }
    }

    @TempDir
    static Path scratch;
    private static Path recording;
    private static Map<String, List<List<Object>>> undamaged;
    private static Map<String, byte[]> pristine;

    @BeforeAll
    static void recordQueryAndKeepTheIndex() throws SQLException, IOException {
        recording = SampleRecording.record(scratch, ThrowSites.class, "clock=exact,events=calls:deaths:exceptions:uses,track=1", 0);
        try (Connection connection = Rows.connect(recording.toString())) {
            undamaged = everyQuery(connection);
        }
        pristine = new TreeMap<>();
        try (Stream<Path> files = Files.walk(index())) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                pristine.put(index().relativize(file).toString(), Files.readAllBytes(file));
            }
        }
        for (String table : List.of("calls", "allocations", "deaths", "exceptions", "contexts")) {
            assertTrue(pristine.entrySet().stream().anyMatch(file -> fileName(file.getKey()).startsWith(table + ".")
                            && file.getValue().length > 0),
                    "the sample gives " + table + " rows, so its column files can be damaged");
        }
        for (String view : List.of("heap_by_method", "time_by_method", "call_tree", "lifetimes", "exceptions_by_site")) {
            assertFalse(undamaged.get(view).isEmpty(), view + " has rows");
        }
    }

    @Test
    void damageBetweenTwoStatementsIsRebuiltFromTheEventsAndEveryViewGivesTheUndamagedRows() throws Exception {
        restorePristineIndex();
        try (Connection connection = Rows.connect(recording.toString())) {
            Map<String, PreparedStatement> views = new LinkedHashMap<>();
            for (Map.Entry<String, String> query : QUERIES.entrySet()) {
                views.put(query.getKey(), connection.prepareStatement(query.getValue()));
            }
            Tally tally = new Tally();
            for (int seed = 0; seed < SEEDS_ON_AN_OPEN_CONNECTION; seed++) {
                restorePristineIndex();
                FileDamage damage = drawDamage(seed);
                tally.check(seed, damage, damage.apply(), () -> {
                    Map<String, List<List<Object>>> rows = new LinkedHashMap<>();
                    for (Map.Entry<String, PreparedStatement> view : views.entrySet()) {
                        rows.put(view.getKey(), Rows.query(view.getValue()));
                    }
                    return rows;
                });
            }
            System.out.println("index fuzz, open connection: " + tally);
        }
    }

    @Test
    void damageAtRestIsRebuiltByTheNextConnection() throws Exception {
        Tally tally = new Tally();
        for (int seed = 10_000; seed < 10_000 + SEEDS_ON_NEW_CONNECTIONS; seed++) {
            restorePristineIndex();
            FileDamage damage = drawDamage(seed);
            tally.check(seed, damage, damage.apply(), () -> {
                try (Connection connection = Rows.connect(recording.toString())) {
                    return everyQuery(connection);
                }
            });
        }
        System.out.println("index fuzz, new connections: " + tally);
    }

    private interface EveryView {
        Map<String, List<List<Object>>> query() throws SQLException;
    }

    /** Checks each seed's outcome and counts them. */
    private static final class Tally {
        private final Map<FileDamage.Kind, Integer> rebuilt = new EnumMap<>(FileDamage.Kind.class);
        private int unchanged;
        private int harmlessManifestDamage;
        private int scanStateDamage;

        void check(int seed, FileDamage damage, boolean changed, EveryView everyView) {
            String what = "seed " + seed + ", " + damage;
            long builds = IndexActivity.builds();
            String stderr = capturingStderr(() -> {
                try {
                    assertEquals(undamaged, assertTimeoutPreemptively(PATIENCE, everyView::query, () -> what + ": no answer in time"),
                            () -> what + ": every view gives the undamaged rows");
                } catch (Exception e) {
                    // A refusal would have to be an SQLException naming the recording; none is expected (the index is rebuilt).
                    assertTrue(e instanceof SQLException && String.valueOf(e.getMessage()).contains(recording.toString()), what + ": " + e);
                    fail(what + ": refused where a rebuild was possible: " + e.getMessage());
                }
            });
            boolean wasRebuilt = IndexActivity.builds() == builds + 1;
            // The log scan's state beside the tables is ignored when damaged (the log is read instead): no table is rebuilt.
            boolean scanState = fileName(damage.file().toString()).equals(SavedLogScans.FILE);
            boolean columnFile = !scanState && !fileName(damage.file().toString()).equals(MANIFEST);
            if (columnFile && changed) {
                assertTrue(wasRebuilt, what + ": the index was rebuilt");
            }
            if (scanState) {
                assertFalse(wasRebuilt, what + ": no table is rebuilt for the log scan's state");
                scanStateDamage++;
            } else if (wasRebuilt) {
                rebuilt.merge(damage.kind(), 1, Integer::sum);
                List<String> said = stderr.lines().filter(line -> line.startsWith("profq: rebuilt the index of " + recording)).toList();
                assertEquals(1, said.size(), what + ": one line on stderr says the index was rebuilt: " + stderr);
                assertTrue(!columnFile || said.get(0).contains(damage.file().toString()), what + ": and names the file: " + said);
            } else if (!changed) {
                unchanged++;
            } else {
                assertFalse(columnFile, what + ": a damaged column file was read");
                harmlessManifestDamage++;
            }
            assertEquals(builds + (wasRebuilt ? 1 : 0), IndexActivity.builds(), what + ": built once at most");
        }

        @Override
        public String toString() {
            return String.format("rebuilt after %s; manifest damage that changed nothing read: %d; damage that changed no byte: %d;"
                    + " log scan state damage (ignored): %d", rebuilt, harmlessManifestDamage, unchanged, scanStateDamage);
        }
    }

    /** Runs {@code action} with stderr captured (and then printed), and gives what it printed there. */
    private static String capturingStderr(Runnable action) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(stderr);
        }
        String printed = captured.toString(StandardCharsets.UTF_8);
        stderr.print(printed);
        return printed;
    }

    /** A damage to one non-empty index file: a manifest for a quarter of the seeds, else a column file (or the log scan's state). */
    private static FileDamage drawDamage(int seed) {
        Random random = new Random(seed);
        List<String> columnFiles = new ArrayList<>();
        List<String> manifests = new ArrayList<>();
        pristine.forEach((name, bytes) -> {
            if (fileName(name).equals(MANIFEST)) {
                manifests.add(name);
            } else if (bytes.length > 0) {
                columnFiles.add(name);
            }
        });
        String name = random.nextInt(4) == 0 ? manifests.get(random.nextInt(manifests.size()))
                : columnFiles.get(random.nextInt(columnFiles.size()));
        return FileDamage.draw(random, index().resolve(name), 0, pristine.get(name).length);
    }

    /** Puts the index back as first built (a rebuilt one holds the same bytes but for the manifest's date comment). */
    private static void restorePristineIndex() throws IOException {
        try (Stream<Path> files = Files.walk(index())) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                String name = index().relativize(file).toString();
                boolean kept = name.isEmpty() || pristine.containsKey(name)
                        || pristine.keySet().stream().anyMatch(pristineFile -> pristineFile.startsWith(name + "/"));
                if (!kept) {
                    Files.delete(file);
                }
            }
        }
        for (Map.Entry<String, byte[]> file : pristine.entrySet()) {
            Path path = index().resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, file.getValue());
        }
    }

    /** The rows of every profile view and of every indexed table, every column of it read, by name. */
    private static Map<String, List<List<Object>>> everyQuery(Connection connection) throws SQLException {
        Map<String, List<List<Object>>> rows = new LinkedHashMap<>();
        for (Map.Entry<String, String> query : QUERIES.entrySet()) {
            rows.put(query.getKey(), Rows.queryOrRefusal(connection, query.getValue()));
        }
        return rows;
    }

    private static String fileName(String path) {
        return Path.of(path).getFileName().toString();
    }

    private static Path index() {
        return recording.resolve(RecordingIndex.DIRECTORY);
    }
}
