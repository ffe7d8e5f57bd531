package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;

import profq.samples.ExplicitCollections;
import profq.samples.KnownDeaths;

/**
 * Deaths bounded by the collections that found them, on programs whose collections and deaths
 * are known, recorded with the serial collector (its young collections are "end of minor GC", its
 * explicit ones full collections).
 *
 * <p>{@link KnownDeaths} drops each Payload at a recorded instant (the start of the k-th
 * {@code released} call drops the k-th Payload made) while a 4 MB young generation is collected
 * every few milliseconds: each death interval ({@code waste.died_after_ns} to {@code died_by_ns})
 * must hold the instant, and be narrower than the time between young collections.
 * {@link ExplicitCollections} calls {@code System.gc()} three times: {@code collections} has
 * exactly those three full collections.
 */
class DeathBoundsIT {
    private static final List<String> SERIAL_SMALL_YOUNG = List.of("-XX:+UseSerialGC", "-Xmn4m");
    /** The default heap: a program this small never fills its young generation. */
    private static final List<String> SERIAL = List.of("-XX:+UseSerialGC");
    /** Each Payload's death interval and the instant it was dropped, in the order made. */
    private static final String INTERVALS = """
            WITH payloads AS (
                SELECT w.died_after_ns, w.died_by_ns, ROW_NUMBER() OVER (ORDER BY w.object_id) AS k
                FROM waste AS w JOIN classes AS c ON c.class_id = w.class_id
                WHERE c.name = 'profq.samples.KnownDeaths$Payload'),
            releases AS (
                SELECT c.start_ns, ROW_NUMBER() OVER (ORDER BY c.call_id) AS k
                FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id JOIN classes AS t ON t.class_id = m.class_id
                WHERE t.name = 'profq.samples.KnownDeaths' AND m.name = 'released')
            SELECT p.died_after_ns, p.died_by_ns, r.start_ns
            FROM payloads AS p JOIN releases AS r ON r.k = p.k
            ORDER BY p.k""";

    private static Connection knownDeaths;
    private static Connection explicitCollections;

    @BeforeAll
    static void record() throws SQLException {
        knownDeaths = Rows.connect(recorded(KnownDeaths.class, SERIAL_SMALL_YOUNG, "events=calls:uses,track=1,clock=exact").toString());
        explicitCollections = Rows.connect(recorded(ExplicitCollections.class, SERIAL, "events=deaths,track=1,finalgc=false").toString());
    }

    @AfterAll
    static void close() throws SQLException {
        knownDeaths.close();
        explicitCollections.close();
    }

    @Test
    void deathIntervalsHoldTheInstantTheObjectWasDroppedAndAreNarrowerThanTheYoungCollectionPeriod() throws SQLException {
        List<List<Object>> rows = Rows.query(knownDeaths, INTERVALS);
        assertEquals(KnownDeaths.OBJECTS, rows.size(), "one interval per Payload, each with its release");
        int holding = 0;
        List<Long> widths = new ArrayList<>();
        for (List<Object> row : rows) {
            long after = (Long) row.get(0);
            long by = (Long) row.get(1);
            long dropped = (Long) row.get(2);
            if (after <= dropped && dropped <= by) {
                holding++;
            }
            widths.add(by - after);
        }
        widths.sort(null);
        long medianWidth = widths.get(widths.size() / 2);
        // The period of the young collections while main ran: the span of their starts over the gaps between them.
        List<Object> young = Rows.query(knownDeaths, """
                SELECT COUNT(*), MIN(g.start_ns), MAX(g.start_ns) FROM collections AS g
                WHERE g.kind = 'young' AND g.start_ns >= (SELECT MIN(c.start_ns) FROM calls AS c JOIN methods AS m
                    ON m.method_id = c.method_id WHERE m.name = 'main')
                AND g.end_ns <= (SELECT MAX(c.end_ns) FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id
                    WHERE m.name = 'main')""").get(0);
        long collections = (Long) young.get(0);
        assertTrue(collections >= 20, "young collections while main ran: " + collections);
        double youngPeriod = ((Long) young.get(2) - (Long) young.get(1)) / (double) (collections - 1);
        double held = holding / (double) rows.size();
        System.out.printf("known deaths: %d of %d intervals hold the instant (%.4f); median width %.3f ms;"
                + " young collections every %.3f ms (%d)%n", holding, rows.size(), held, medianWidth / 1e6, youngPeriod / 1e6,
                collections);
        assertTrue(held >= 0.99, "intervals holding the instant: " + holding + " of " + rows.size());
        assertTrue(medianWidth < youngPeriod, "median width " + medianWidth + " ns against a young period of " + youngPeriod + " ns");
    }

    @Test
    void eachExplicitCollectionIsOneFullCollectionAndThereAreNoOthers() throws SQLException {
        List<List<Object>> expected = new ArrayList<>();
        for (long i = 1; i <= ExplicitCollections.COLLECTIONS; i++) {
            expected.add(List.of(i, i, "MarkSweepCompact", "old", "System.gc()", true, true));
        }
        assertEquals(expected, Rows.query(explicitCollections, "SELECT collection_id, gc_id, collector, kind, cause,"
                + " start_ns <= end_ns, duration_ns = end_ns - start_ns FROM collections ORDER BY collection_id"));
    }

    /** Records {@code mainClass} through the agent in a JVM started with {@code jvmOptions}. */
    private static Path recorded(Class<?> mainClass, List<String> jvmOptions, String options) {
        Path recording = SampleRecording.newDirectory(mainClass).resolve(mainClass.getSimpleName() + ".profq");
        List<String> command = new ArrayList<>(SampleRun.command(Jdk.current(),
                "-javaagent:" + SampleRun.agentJar() + "=out=" + recording + "," + options, mainClass));
        command.addAll(1, jvmOptions);
        SampleRun.Result result = SampleRun.run(Jdk.current(), recording, command);
        assertEquals(0, result.exitCode(), () -> mainClass.getName() + " failed:\n" + result.stderr());
        assertEquals("", result.stderr(), "profq adds nothing to the program's stderr");
        assertTrue(Files.isDirectory(recording.resolve("events")), "no recording written at " + recording);
        return recording;
    }
}
