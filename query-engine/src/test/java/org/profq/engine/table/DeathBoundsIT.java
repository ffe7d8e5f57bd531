package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;

import profq.samples.DeadHolders;
import profq.samples.ExplicitCollections;
import profq.samples.KnownDeaths;
import profq.samples.OldDeathsAtExit;

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
 *
 * <p>With a full collection every {@value #FULL_EVERY} rounds, the Payloads alive at one survive
 * it: their deaths are bounded from below by its start ({@code deaths.died_after_ns}), which must
 * never pass the instant they were dropped, on every JDK; the young collections alone raise no
 * bound (they prove no object reachable).
 */
class DeathBoundsIT {
    private static final List<String> SERIAL_SMALL_YOUNG = List.of("-XX:+UseSerialGC", "-Xmn4m");
    /** The default heap: a program this small never fills its young generation. */
    private static final List<String> SERIAL = List.of("-XX:+UseSerialGC");
    /** KnownDeaths' argument: a full collection every this many rounds. */
    private static final int FULL_EVERY = 25;
    /** Each payload (the query's first item names them, numbered k in the order made) with the instant it was released. */
    private static final String PAIRED_WITH_RELEASES = """
            releases AS (
                SELECT c.start_ns, ROW_NUMBER() OVER (ORDER BY c.call_id) AS k
                FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id JOIN classes AS t ON t.class_id = m.class_id
                WHERE t.name = 'profq.samples.KnownDeaths' AND m.name = 'released')
            SELECT p.died_after_ns, p.died_by_ns, r.start_ns, p.used_until_ns, p.survived_collection_id
            FROM payloads AS p JOIN releases AS r ON r.k = p.k
            ORDER BY p.k""";

    /**
     * Each Payload's death interval and the instant it was dropped, in the order made, with the
     * lower bound the last use alone gives and whether a collection raised it.
     */
    private static final String INTERVALS = """
            WITH payloads AS (
                SELECT w.died_after_ns, w.died_by_ns, ROW_NUMBER() OVER (ORDER BY w.object_id) AS k,
                       COALESCE(w.last_use_ns, w.alloc_ns) AS used_until_ns, d.survived_collection_id
                FROM waste AS w JOIN classes AS c ON c.class_id = w.class_id JOIN deaths AS d ON d.object_id = w.object_id
                WHERE c.name = 'profq.samples.KnownDeaths$Payload'),
            """ + PAIRED_WITH_RELEASES;

    /**
     * The same from the lifetimes view, which has no uses: the bound from below is the allocation,
     * or the start of a whole-heap collection the Payload survived.
     */
    private static final String LIFETIME_INTERVALS = """
            WITH payloads AS (
                SELECT l.died_after_ns, l.died_by_ns, ROW_NUMBER() OVER (ORDER BY l.object_id) AS k,
                       l.alloc_ns AS used_until_ns, d.survived_collection_id
                FROM lifetimes AS l JOIN classes AS c ON c.class_id = l.class_id JOIN deaths AS d ON d.object_id = l.object_id
                WHERE c.name = 'profq.samples.KnownDeaths$Payload'),
            """ + PAIRED_WITH_RELEASES;

    private static Connection knownDeaths;
    private static Connection explicitCollections;

    @BeforeAll
    static void record() throws SQLException {
        knownDeaths = Rows.connect(recorded(Jdk.current(), KnownDeaths.class, SERIAL_SMALL_YOUNG, "events=calls:uses,track=1,clock=exact")
                .toString());
        explicitCollections = Rows.connect(recorded(Jdk.current(), ExplicitCollections.class, SERIAL, "events=deaths,track=1,finalgc=false")
                .toString());
    }

    @AfterAll
    static void close() throws SQLException {
        knownDeaths.close();
        explicitCollections.close();
    }

    @Test
    void deathIntervalsHoldTheInstantTheObjectWasDroppedAndAreNarrowerThanTheYoungCollectionPeriod() throws SQLException {
        Intervals intervals = new Intervals(Rows.query(knownDeaths, INTERVALS));
        assertEquals(KnownDeaths.OBJECTS, intervals.count, "one interval per Payload, each with its release");
        assertEquals(0, intervals.raised, "the young collections alone bound no death from below");
        long medianWidth = intervals.medianWidth;
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
        double held = intervals.holding / (double) intervals.count;
        System.out.printf("known deaths: %d of %d intervals hold the instant (%.4f); median width %.3f ms;"
                + " young collections every %.3f ms (%d)%n", intervals.holding, intervals.count, held, medianWidth / 1e6,
                youngPeriod / 1e6, collections);
        assertTrue(held >= 0.99, "intervals holding the instant: " + intervals.holding + " of " + intervals.count);
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

    @ParameterizedTest
    @MethodSource("jdks")
    void aFullCollectionAPayloadSurvivedBoundsItsDeathFromBelowAndNeverPastTheInstantItWasDropped(Jdk jdk) throws SQLException {
        Path recording = recorded(jdk, KnownDeaths.class, SERIAL_SMALL_YOUNG, "events=calls:uses,track=1,clock=exact",
                Integer.toString(FULL_EVERY));
        try (Connection connection = Rows.connect(recording.toString())) {
            Intervals intervals = new Intervals(Rows.query(connection, LIFETIME_INTERVALS));
            Intervals withUses = new Intervals(Rows.query(connection, INTERVALS));
            long fullCollections = (Long) Rows.query(connection, "SELECT COUNT(*) FROM collections WHERE kind = 'old'").get(0).get(0);
            System.out.printf("known deaths with a full collection every %d rounds (%s, %d full collections): %d of %d intervals"
                    + " hold the instant; %d bounds raised above the allocation by a collection, %d of them past the instant;"
                    + " median width %.3f ms (%.3f ms from the allocation); with uses: %d of %d hold, %d raised above the last"
                    + " use (%d past the instant), median width %.3f ms (%.3f ms from the last use)%n", FULL_EVERY, jdk,
                    fullCollections, intervals.holding, intervals.count, intervals.raised, intervals.raisedPastTheInstant,
                    intervals.medianWidth / 1e6, intervals.medianWidthFromUse / 1e6, withUses.holding, withUses.count,
                    withUses.raised, withUses.raisedPastTheInstant, withUses.medianWidth / 1e6, withUses.medianWidthFromUse / 1e6);
            assertEquals(KnownDeaths.OBJECTS, intervals.count, "one interval per Payload, each with its release");
            assertEquals(0, intervals.raisedPastTheInstant, "a bound raised by a collection is the start of one the Payload survived");
            assertEquals(0, withUses.raisedPastTheInstant, "a bound raised by a collection is the start of one the Payload survived");
            // LIVE Payloads survive each full collection, but a bound is raised only where the reaper had recorded that
            // collection's deaths before this one's: how many depends on how far behind the reaper ran.
            assertTrue(intervals.raised > 0, "no bound raised by " + fullCollections + " full collections");
            assertTrue(intervals.holding >= 0.99 * intervals.count, "intervals holding the instant: " + intervals.holding);
            assertTrue(withUses.holding >= 0.99 * withUses.count, "intervals holding the instant: " + withUses.holding);
        }
    }

    /**
     * The Payloads alive at each full collection are promoted by it, and once dropped only the next
     * one, rounds later, finds them: their deaths are seen long after their last use, which says how
     * long the old generation went uncollected. Each Payload is used until the instant it is dropped,
     * so the collections prove no drag at all: the waste shares count none, and the site's waste is
     * its lag over its lifetime to the last use, however late the deaths were seen.
     */
    @Test
    void theWasteSharesCountOnlyTheDragTheCollectionsProve() throws SQLException {
        Path recording = recorded(Jdk.current(), KnownDeaths.class, SERIAL_SMALL_YOUNG, "events=calls:uses,track=1,clock=exact",
                Integer.toString(FULL_EVERY));
        try (Connection connection = Rows.connect(recording.toString())) {
            assertEquals(List.of(List.of((long) KnownDeaths.OBJECTS, 0L, 0L, 0.0, true, true, true, true, true)), Rows.query(connection, """
                    SELECT tracked_objects, never_used, drag_min_ns, drag_share,
                           lifetime_min_ns = lag_min_ns + use_ns, lag_min_ns = lag_ns,
                           waste_share = CAST(lag_ns AS DOUBLE) / (lag_ns + use_ns), est_bounded_waste_ns = lag_ns,
                           drag_ns > 0
                    FROM waste_by_site WHERE type_name = 'profq.samples.KnownDeaths$Payload'"""));
        }
    }

    /**
     * Young collections that ran after a Held was dropped did not find it (a dead old Holder kept
     * it), so they prove nothing: its interval still holds the instant it was dropped.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void youngCollectionsThatKeptADeadObjectDoNotBoundItsDeathFromBelow(Jdk jdk) throws SQLException {
        Path recording = recorded(jdk, DeadHolders.class, SERIAL_SMALL_YOUNG, "events=calls:deaths,track=1,clock=exact");
        try (Connection connection = Rows.connect(recording.toString())) {
            List<List<Object>> rows = Rows.query(connection, """
                    WITH held AS (
                        SELECT l.died_after_ns, l.died_by_ns, d.found_by_collection_id, ROW_NUMBER() OVER (ORDER BY l.object_id) AS k
                        FROM lifetimes AS l JOIN classes AS c ON c.class_id = l.class_id JOIN deaths AS d ON d.object_id = l.object_id
                        WHERE c.name = 'profq.samples.DeadHolders$Held'),
                    releases AS (
                        SELECT c.start_ns, ROW_NUMBER() OVER (ORDER BY c.call_id) AS k
                        FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id JOIN classes AS t ON t.class_id = m.class_id
                        WHERE t.name = 'profq.samples.DeadHolders' AND m.name = 'released'),
                    missed AS (
                        SELECT h.k, COUNT(g.collection_id) AS young
                        FROM held AS h JOIN releases AS r ON r.k = h.k
                        JOIN collections AS f ON f.collection_id = h.found_by_collection_id
                        LEFT JOIN collections AS g ON g.kind = 'young' AND g.start_ns > r.start_ns AND g.end_ns < f.start_ns
                        GROUP BY h.k)
                    SELECT h.died_after_ns <= r.start_ns AND r.start_ns <= h.died_by_ns, x.young
                    FROM held AS h JOIN releases AS r ON r.k = h.k JOIN missed AS x ON x.k = h.k
                    ORDER BY h.k""");
            assertEquals(DeadHolders.ROUNDS, rows.size(), "one Held per round, each found by a collection: " + rows);
            long keptByYoung = rows.stream().filter(row -> (Long) row.get(1) > 0).count();
            System.out.printf("dead holders (%s): %d of %d Held objects outlived young collections after their drop; intervals"
                    + " holding the instant: %d%n", jdk, keptByYoung, rows.size(), rows.stream().filter(row -> (Boolean) row.get(0)).count());
            assertTrue(keptByYoung >= DeadHolders.ROUNDS / 2, "young collections that kept a dropped Held: " + rows);
            assertTrue(rows.stream().allMatch(row -> (Boolean) row.get(0)), "every interval holds the instant: " + rows);
        }
    }

    static Stream<Jdk> jdks() {
        return Jdk.available().stream();
    }

    /** The Payloads' death intervals against the instants they were dropped (rows of {@link #INTERVALS}). */
    private static final class Intervals {
        final int count;
        int holding;
        int raised;
        int raisedPastTheInstant;
        final long medianWidth;
        final long medianWidthFromUse;

        Intervals(List<List<Object>> rows) {
            count = rows.size();
            List<Long> widths = new ArrayList<>();
            List<Long> widthsFromUse = new ArrayList<>();
            for (List<Object> row : rows) {
                long after = (Long) row.get(0);
                long by = (Long) row.get(1);
                long dropped = (Long) row.get(2);
                long usedUntil = (Long) row.get(3);
                if (after <= dropped && dropped <= by) {
                    holding++;
                }
                if (row.get(4) != null && after > usedUntil) {
                    raised++;
                    if (after > dropped) {
                        raisedPastTheInstant++;
                    }
                }
                widths.add(by - after);
                widthsFromUse.add(by - usedUntil);
            }
            widths.sort(null);
            widthsFromUse.sort(null);
            medianWidth = widths.isEmpty() ? 0 : widths.get(widths.size() / 2);
            medianWidthFromUse = widthsFromUse.isEmpty() ? 0 : widthsFromUse.get(widthsFromUse.size() / 2);
        }
    }

    /** Records {@code mainClass} with {@code args} through the agent in a JVM of {@code jdk} started with {@code jvmOptions}. */
    /**
     * Old objects dropped as the program ends, with explicit collections disabled and young
     * collections still running during the exit: the final collection profq asks for never runs,
     * and no collection at the end could have found them, so nothing says they were still
     * reachable. They were said to be: a young collection that cleared the final collection's
     * sentinel was taken for the whole-heap one, and their waste's proven drag ran to the end.
     */
    @Test
    void objectsNoWholeHeapCollectionLookedForAtTheEndAreNotSaidToBeReachableThen() throws SQLException {
        Path recording = recorded(Jdk.current(), OldDeathsAtExit.class,
                List.of("-XX:+UseSerialGC", "-Xmn4m", "-XX:MaxTenuringThreshold=0", "-XX:+DisableExplicitGC"), "events=allocations:deaths,track=1");
        try (Connection connection = Rows.connect(recording.toString())) {
            // found dead by a whole-heap collection the churn caused (false), or unknown (NULL): never reachable
            assertEquals(List.of(List.of((long) OldDeathsAtExit.OBJECTS, 0L)), Rows.query(connection, """
                    SELECT COUNT(*), COUNT(CASE WHEN l.reachable_at_exit THEN 1 END)
                    FROM lifetimes AS l JOIN classes AS c ON c.class_id = l.class_id
                    WHERE c.name = 'profq.samples.OldDeathsAtExit$Payload'"""));
        }
    }

    private static Path recorded(Jdk jdk, Class<?> mainClass, List<String> jvmOptions, String options, String... args) {
        Path recording = SampleRecording.newDirectory(mainClass).resolve(mainClass.getSimpleName() + "-" + jdk + ".profq");
        List<String> command = new ArrayList<>(SampleRun.command(jdk,
                "-javaagent:" + SampleRun.agentJar() + "=out=" + recording + "," + options, mainClass, args));
        command.addAll(1, jvmOptions);
        SampleRun.Result result = SampleRun.run(jdk, recording, command);
        assertEquals(0, result.exitCode(), () -> mainClass.getName() + " failed:\n" + result.stderr());
        assertEquals("", result.stderr(), "profq adds nothing to the program's stderr");
        assertTrue(Files.isDirectory(recording.resolve("events")), "no recording written at " + recording);
        return recording;
    }
}
