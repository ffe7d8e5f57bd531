package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.FileDamage;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.format.RecordingFormat;

import profq.samples.ThrowSites;

/**
 * The event log under fuzzing: each seed copies the {@code events/} of one real recording,
 * damages its queue file once (truncated, zero-filled or bit-flipped; see {@link FileDamage}),
 * and opens the copy over JDBC and queries the {@code run} and {@code threads} tables and every
 * profile view. The outcome must be one of:
 * <ul>
 *   <li><b>refused</b>: an SQLException whose message names the damaged recording's file or
 *       directory (never another exception, a hang or a crashed JVM);</li>
 *   <li><b>unchanged</b>: exactly the rows of the undamaged recording (the damage hit bytes no
 *       reader uses, such as a free slot in Chronicle's index);</li>
 *   <li><b>flagged</b>: other rows, but the {@code run} table says the data is partial
 *       ({@code events_lost_at_least} above the original's, or {@code ended_cleanly} false).</li>
 * </ul>
 * Anything else is a silently wrong answer, and fails. Half of the seeds aim at the profq
 * documents (header, names, batches, end record), half at the whole written part of the file
 * (Chronicle's own header and index too). The sample is {@link ThrowSites} with calls,
 * allocations, deaths and exceptions.
 */
class EventLogFuzzIT {
    private static final int SEEDS = 200;
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String RUN = "SELECT events_lost_at_least, ended_cleanly, events FROM run";
    private static final List<String> TABLES = List.of("SELECT * FROM run", "SELECT * FROM threads");

    @TempDir
    static Path scratch;
    private static Path original;
    private static Map<String, List<List<Object>>> undamaged;
    private static Map<String, byte[]> pristine;
    private static String queueFileName;
    private static long queueFileSize;
    private static int documentsAt;
    private static int writtenLength;
    private static List<DamagedRecordingIT.Document> documents;

    @BeforeAll
    static void recordAndQueryOnce() throws SQLException, IOException {
        original = SampleRecording.record(scratch, ThrowSites.class, "clock=exact,events=calls:deaths:exceptions,track=1", 0);
        try (Connection connection = Rows.connect(original.toString())) {
            undamaged = answers(connection);
        }
        assertTrue(undamaged.get(RUN).equals(List.of(List.of(0L, true, undamaged.get(RUN).get(0).get(2)))),
                "the undamaged recording lost nothing and ended cleanly: " + undamaged.get(RUN));
        pristine = new TreeMap<>();
        try (Stream<Path> files = Files.list(original.resolve("events"))) {
            for (Path file : files.toList()) {
                pristine.put(file.getFileName().toString(), Files.readAllBytes(file));
                if (file.toString().endsWith(".cq4")) {
                    queueFileName = file.getFileName().toString();
                    queueFileSize = Files.size(file);
                    DamagedRecordingIT.QueueFile queue = new DamagedRecordingIT.QueueFile(original, file);
                    documents = queue.documents();
                    documentsAt = documents.get(0).lengthWordAt();
                    writtenLength = queue.writtenLength();
                }
            }
        }
        assertTrue(queueFileName != null && documentsAt > 0 && writtenLength > documentsAt, "one queue file with documents");
    }

    @Test
    void everyDamagedQueueFileIsRefusedOrReadAsBeforeOrFlaggedAsPartial() {
        Map<String, Integer> outcomes = new TreeMap<>();
        List<String> failures = new ArrayList<>();
        for (int seed = 0; seed < SEEDS; seed++) {
            Path copy = pristineCopy(seed);
            Random random = new Random(seed);
            int from = random.nextBoolean() ? documentsAt : 0;
            FileDamage damage = FileDamage.draw(random, copy.resolve("events").resolve(queueFileName), from, writtenLength);
            damage.apply();
            String outcome = outcome(copy);
            outcomes.merge(damage.kind() + " " + (outcome.startsWith("FAIL") ? "failed" : outcome), 1, Integer::sum);
            if (outcome.startsWith("FAIL")) {
                failures.add("seed " + seed + ", " + damage + " (in " + documentsHit(damage) + "): " + outcome);
            }
            deleteTree(copy);
        }
        System.out.println("event log fuzz: " + SEEDS + " seeds: " + outcomes);
        failures.forEach(System.out::println);
        assertTrue(failures.isEmpty(), failures.size() + " of " + SEEDS + " seeds gave a wrong outcome:\n"
                + String.join("\n", failures));
    }

    /** refused, unchanged or flagged; or "FAIL: why". */
    private static String outcome(Path copy) {
        Map<String, List<List<Object>>> rows;
        try {
            rows = assertTimeoutPreemptively(PATIENCE, () -> {
                try (Connection connection = Rows.connect(copy.toString())) {
                    return answers(connection);
                }
            }, "no answer in time");
        } catch (Throwable e) { // a timeout's AssertionFailedError and any JVM Error count as failures too
            if (!(e instanceof SQLException)) {
                return "FAIL: not an SQLException: " + e;
            }
            return e.getMessage() != null && e.getMessage().contains(copy.toString()) ? "refused"
                    : "FAIL: an error that does not name the recording: " + e;
        }
        if (rows.equals(undamaged)) {
            return "unchanged";
        }
        List<Object> run = rows.get(RUN).get(0);
        if ((Long) run.get(0) > 0 || !(Boolean) run.get(1)) {
            return "flagged";
        }
        return "FAIL: silently different rows: " + difference(rows);
    }

    /** The kinds of the documents (RecordingFormat.DOC_*) the damage starts in, or Chronicle's own bytes. */
    private static String documentsHit(FileDamage damage) {
        List<String> hit = new ArrayList<>();
        for (long offset : damage.offsets()) {
            String where = "chronicle";
            for (DamagedRecordingIT.Document document : documents) {
                if (offset >= document.lengthWordAt() && offset < document.dataAt() + document.length()) {
                    where = documentKind(document.kind());
                }
            }
            hit.add(where);
        }
        return String.join(" ", hit);
    }

    private static String documentKind(byte kind) {
        for (Field field : RecordingFormat.class.getFields()) {
            try {
                if (field.getName().startsWith("DOC_") && field.getType() == byte.class && field.getByte(null) == kind) {
                    return field.getName();
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return "document kind " + kind;
    }

    /** The first view whose rows differ, and its first differing row. */
    private static String difference(Map<String, List<List<Object>>> rows) {
        for (String query : undamaged.keySet()) {
            List<List<Object>> expected = undamaged.get(query);
            List<List<Object>> actual = rows.get(query);
            if (!expected.equals(actual)) {
                for (int row = 0; row < Math.max(expected.size(), actual.size()); row++) {
                    Object want = row < expected.size() ? expected.get(row) : "no row";
                    Object got = row < actual.size() ? actual.get(row) : "no row";
                    if (!want.equals(got)) {
                        return query + " row " + row + ": expected " + want + ", got " + got;
                    }
                }
            }
        }
        return "none";
    }

    /** The run and threads tables (what the header and thread names say) and every profile view. */
    private static Map<String, List<List<Object>>> answers(Connection connection) throws SQLException {
        Map<String, List<List<Object>>> answers = new LinkedHashMap<>();
        answers.put(RUN, Rows.query(connection, RUN));
        for (String table : TABLES) {
            answers.put(table, Rows.queryOrRefusal(connection, table));
        }
        answers.putAll(Rows.everyView(connection));
        return answers;
    }

    /**
     * A copy of the recording's events/ (no index). The queue file is pre-allocated and holds only
     * zeros past its written part, so the copy writes that part and leaves the rest a hole.
     */
    private static Path pristineCopy(int seed) {
        Path copy = scratch.resolve("seed-" + seed + ".profq");
        try {
            Path events = Files.createDirectories(copy.resolve("events"));
            for (Map.Entry<String, byte[]> file : pristine.entrySet()) {
                byte[] bytes = file.getValue();
                if (!file.getKey().equals(queueFileName)) {
                    Files.write(events.resolve(file.getKey()), bytes);
                    continue;
                }
                int used = bytes.length;
                while (used > 0 && bytes[used - 1] == 0) {
                    used--;
                }
                try (RandomAccessFile queue = new RandomAccessFile(events.resolve(file.getKey()).toFile(), "rw")) {
                    queue.write(Arrays.copyOf(bytes, used));
                    queue.setLength(queueFileSize);
                }
            }
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
