package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.format.RecordingFormat;
import org.profq.recording.Call;
import org.profq.recording.DeathKind;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.RecordedEvent.Death;
import org.profq.recording.Recording;

import profq.samples.Churn;
import profq.samples.ThrowSites;

/** Tracked objects and their deaths, and exceptions by throw site, through the real agent. */
class LifecycleIT {
    private final Jdk jdk = Jdk.current();

    /**
     * {@link Churn} with track=1: all 10,012 allocations tracked (10,010 Items, 2 ArrayLists);
     * the 10,000 dropped Items and their list die at the full collection, the 10 kept Items and
     * their list are alive at exit, and the final collection finds them still reachable. Every
     * tracked object dies exactly once.
     */
    @Test
    void everyTrackedObjectDiesOnceAndDroppedOnesDieBeforeTheEnd(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=calls:deaths,track=1", Churn.class);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, Churn.class).stdout(), result.stdout());
        try (Recording recording = result.open()) {
            List<RecordedEvent> events = recording.readAllEvents();
            Map<Long, String> trackedSites = events.stream().filter(Allocation.class::isInstance).map(Allocation.class::cast)
                    .filter(Allocation::tracked)
                    .collect(Collectors.toMap(Allocation::objectId, a -> recording.method(recording.site(a.siteId()).methodId()).name()
                            + " " + recording.classInfo(a.classId()).name()));
            assertEquals(10_012, trackedSites.size());
            List<Death> deaths = events.stream().filter(Death.class::isInstance).map(Death.class::cast).toList();
            assertEquals(trackedSites.keySet(), deaths.stream().map(Death::objectId).collect(Collectors.toSet()));
            assertEquals(deaths.size(), trackedSites.size(), "one death per tracked object");

            Map<String, Long> diedBeforeEnd = countSites(deaths, trackedSites, false);
            Map<String, Long> aliveAtExit = countSites(deaths, trackedSites, true);
            assertEquals(Map.of("fill profq.samples.Churn$Item", 10_000L, "fill java.util.ArrayList", 1L), diedBeforeEnd);
            assertEquals(Map.of("keep profq.samples.Churn$Item", 10L, "<clinit> java.util.ArrayList", 1L), aliveAtExit);
            long end = recording.durationNanos();
            assertTrue(deaths.stream().filter(Death::atExit).allMatch(death -> death.timeNanos() <= end));
            assertTrue(deaths.stream().filter(Death::atExit).allMatch(death -> death.kind() == DeathKind.REACHABLE_AT_EXIT),
                    "the final collection found the kept objects reachable");
            assertEquals(RecordingFormat.DEATHS_RECORDED_MINOR_VERSION, recording.run().formatMinor()); // every recording is the latest
        }
    }

    /** finalgc=false: the objects alive at exit are not told reachable or not. */
    @Test
    void withoutTheFinalCollectionReachabilityIsNotTold(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=deaths,track=1,finalgc=false", Churn.class);

        assertEquals(SampleRun.plain(jdk, Churn.class).stdout(), result.stdout());
        try (Recording recording = result.open()) {
            List<Death> atExit = recording.readAllEvents().stream().filter(Death.class::isInstance).map(Death.class::cast)
                    .filter(Death::atExit).toList();
            assertEquals(11, atExit.size());
            assertTrue(atExit.stream().allMatch(death -> death.kind() == DeathKind.AT_EXIT), atExit.toString());
            assertEquals(RecordingFormat.MINOR_VERSION, recording.run().formatMinor());
        }
    }

    /**
     * track=10: the first and every tenth allocation of each site: 1,000 of fill's 10,000 Items,
     * the first of keep's 10, and each ArrayList (the only one of its site): 1,003 of 10,012.
     */
    @Test
    void trackEveryTenthFollowsATenth(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=deaths,track=10", Churn.class).open()) {
            List<RecordedEvent> events = recording.readAllEvents();
            Set<Long> tracked = events.stream().filter(Allocation.class::isInstance).map(Allocation.class::cast)
                    .filter(Allocation::tracked).map(Allocation::objectId).collect(Collectors.toSet());
            assertEquals(1_003, tracked.size());
            assertEquals(10_012, events.stream().filter(Allocation.class::isInstance).count());
            assertEquals(tracked, events.stream().filter(Death.class::isInstance).map(e -> ((Death) e).objectId())
                    .collect(Collectors.toSet()));
        }
    }

    /** Without deaths in events nothing is tracked, and no death is recorded. */
    @Test
    void withoutDeathsNothingIsTracked(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Churn.class).open()) {
            assertTrue(RecordingFacts.allocations(recording).stream().noneMatch(Allocation::tracked));
            assertTrue(recording.readAllEvents().stream().noneMatch(Death.class::isInstance));
        }
    }

    /**
     * {@link ThrowSites}: failing() throws 3 times (line 29), recovering() throws and catches 5
     * times (line 34), parsing() catches 2 NumberFormatExceptions from Integer.parseInt (line 42).
     */
    @Test
    void exceptionsAreRecordedOncePerThrowAtTheirSite(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=calls:exceptions", ThrowSites.class);

        assertEquals(0, result.exitCode());
        assertEquals("caught 10\n", result.stdout());
        try (Recording recording = result.open()) {
            Map<Long, Call> calls = recording.readAllCalls().stream().collect(Collectors.toMap(Call::callId, call -> call));
            Map<String, Long> throwSites = new TreeMap<>();
            recording.forEachEvent(event -> {
                if (event instanceof RecordedEvent.Thrown thrown) {
                    String method = recording.method(calls.get(thrown.callId()).methodId()).name();
                    throwSites.merge(method + ":" + thrown.line() + " " + recording.classInfo(thrown.classId()).name(), 1L, Long::sum);
                }
            });
            assertEquals(Map.of(
                    "failing:29 java.lang.IllegalStateException", 3L,
                    "recovering:34 java.lang.IllegalArgumentException", 5L,
                    "parsing:42 java.lang.NumberFormatException", 2L), throwSites);
        }
    }

    private static Map<String, Long> countSites(List<Death> deaths, Map<Long, String> sites, boolean atExit) {
        return deaths.stream().filter(death -> death.atExit() == atExit)
                .collect(Collectors.groupingBy(death -> sites.get(death.objectId()), TreeMap::new, Collectors.counting()));
    }
}
