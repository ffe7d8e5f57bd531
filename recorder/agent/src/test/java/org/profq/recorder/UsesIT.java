package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.RecordedEvent.Use;
import org.profq.recording.Recording;
import profq.samples.Churn;
import profq.samples.HashCodeTrap;

/** Uses of tracked objects (field reads and writes, method calls), through the real agent. */
class UsesIT {
    private final Jdk jdk = Jdk.current();

    /**
     * The djprof paper's §5 trap: {@link HashCodeTrap}'s Key.hashCode reads a public field. The
     * run ends normally with its own output, and every use is counted: 40 reads of Key.id, 10
     * add and 10 contains calls on the set; constructors' writes are not uses.
     */
    @Test
    void aHashCodeThatReadsAFieldIsRecordedWithoutRecursion(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=calls:uses,track=1", HashCodeTrap.class);

        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("found 10\n", result.stdout());
        try (Recording recording = result.open()) {
            assertEquals(Map.of(
                    "get profq.samples.HashCodeTrap$Key.id", 40L,
                    "call java.util.Set.add(Ljava/lang/Object;)Z", 10L,
                    "call java.util.Set.contains(Ljava/lang/Object;)Z", 10L), usesByMember(recording));
            assertEquals(0, recording.eventsLost());
        }
    }

    /** Each of the 20 Keys is used exactly twice (stored: its hashCode, the probe's equals; probe: its hashCode, its equals). */
    @Test
    void usesBelongToTheObjectUsed(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=uses,track=1", HashCodeTrap.class).open()) {
            List<RecordedEvent> events = recording.readAllEvents();
            Map<Long, String> classOf = events.stream().filter(Allocation.class::isInstance).map(Allocation.class::cast)
                    .collect(Collectors.toMap(Allocation::objectId, a -> recording.classInfo(a.classId()).name()));
            Map<String, Long> usesPerObject = events.stream().filter(Use.class::isInstance).map(Use.class::cast)
                    .collect(Collectors.groupingBy(use -> classOf.get(use.objectId()), TreeMap::new, Collectors.counting()));
            assertEquals(Map.of("profq.samples.HashCodeTrap$Key", 40L, "java.util.HashSet", 20L), usesPerObject);
            Map<Long, Long> usesPerKey = events.stream().filter(Use.class::isInstance).map(e -> ((Use) e).objectId())
                    .filter(id -> classOf.get(id).endsWith("Key"))
                    .collect(Collectors.groupingBy(id -> id, Collectors.counting()));
            assertEquals(20, usesPerKey.size());
            assertTrue(usesPerKey.values().stream().allMatch(count -> count == 2), usesPerKey.toString());
        }
    }

    /** Untracked objects are never reported: with track=10, only uses of tracked objects appear. */
    @Test
    void onlyTrackedObjectsHaveUses(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("rec.profq"), "events=uses,track=10", Churn.class).open()) {
            List<RecordedEvent> events = recording.readAllEvents();
            List<Long> tracked = events.stream().filter(Allocation.class::isInstance).map(Allocation.class::cast)
                    .filter(Allocation::tracked).map(Allocation::objectId).toList();
            List<Use> uses = events.stream().filter(Use.class::isInstance).map(Use.class::cast).toList();
            assertEquals(1_003, tracked.size(), "the first and every tenth of each site (as LifecycleIT)");
            assertTrue(!uses.isEmpty());
            assertTrue(tracked.containsAll(uses.stream().map(Use::objectId).toList()));
        }
    }

    private static Map<String, Long> usesByMember(Recording recording) {
        Map<String, Long> counts = new TreeMap<>();
        recording.forEachEvent(event -> {
            if (event instanceof Use use) {
                String member = switch (use.kind()) {
                    case GET, SET -> recording.classInfo(recording.field(use.memberId()).classId()).name() + "."
                            + recording.field(use.memberId()).name();
                    case CALL -> recording.methodName(use.memberId());
                };
                counts.merge(use.kind().label() + " " + member, 1L, Long::sum);
            }
        });
        return counts;
    }
}
