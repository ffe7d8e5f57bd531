package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Call;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.Recording;
import org.profq.recording.SiteInfo;
import profq.samples.Allocations;
import profq.samples.ArrayCopies;

/**
 * Allocations of {@link Allocations}: 1,000 Points, 100 int[10], 10 long[3][4]. Sizes are
 * {@code Instrumentation.getObjectSize} on 64-bit HotSpot with its default compressed
 * pointers: Point = 12-byte header + 2 ints = 24; int[10] = 16 + 40 = 56; long[3][4] = the
 * outer array (16 + 3 references, aligned: 32) + three long[4] (16 + 32 = 48 each) = 176.
 */
class AllocationsIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void everyCreationIsOneEventWithItsJvmSize(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Allocations.class);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, Allocations.class).stdout(), result.stdout());
        try (Recording recording = result.open()) {
            assertEquals(Map.of(
                    "profq.samples.Allocations$Point size=24 length=-1", 1000L,
                    "int[] size=56 length=10", 100L,
                    "long[][] size=176 length=3", 10L), RecordingFacts.allocationKinds(recording));

            Call allocate = RecordingFacts.only(recording.readAllCalls(), recording,
                    "profq.samples.Allocations.allocate()J");
            List<Allocation> allocations = RecordingFacts.allocations(recording);
            assertEquals(Set.of(allocate.callId()), allocations.stream().map(Allocation::callId).collect(Collectors.toSet()));
            assertEquals(1110, allocations.stream().map(Allocation::objectId).distinct().count());

            // Three sites, all in allocate(), at the lines of the three `new`s.
            assertEquals(List.of(19, 23, 28), recording.sites().stream().map(SiteInfo::line).toList());
            for (SiteInfo site : recording.sites()) {
                assertEquals("allocate", recording.method(site.methodId()).name());
            }
            assertEquals(1000L, RecordingFacts.callsByMethod(recording).get("profq.samples.Allocations$Point.<init>(II)V"));
            assertEquals(0, recording.eventsLost());
        }
    }

    /**
     * {@link ArrayCopies}: an array's {@code clone()} is an allocation of the site that called it,
     * sized as the array alone (a copied {@code long[2][4]} shares its rows: 16 + 2 references = 24
     * bytes, against 24 + 2 × 48 for the {@code new}); an object's own {@code clone()} is not one.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void anArraysCloneIsAnAllocationOfItsOwnSize(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", ArrayCopies.class);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, ArrayCopies.class).stdout(), result.stdout());
        try (Recording recording = result.open()) {
            assertEquals(Map.of(
                    "int[] size=56 length=10", 1L + 50,
                    "java.lang.String[] size=32 length=3", 1L + 20,
                    "long[][] size=120 length=2", 1L,
                    "long[][] size=24 length=2", 5L,
                    "profq.samples.ArrayCopies$Copyable[] size=24 length=2", 1L + 10,
                    "profq.samples.ArrayCopies$Copyable size=16 length=-1", 1L), RecordingFacts.allocationKinds(recording));
            // the three news, the three clones, the fourth new and its clone, then the Copyable's new
            assertEquals(List.of(21, 22, 23, 26, 31, 35, 38, 40, 43), recording.sites().stream().map(SiteInfo::line).sorted().toList());
            for (SiteInfo site : recording.sites()) {
                assertEquals("copy", recording.method(site.methodId()).name());
            }
            assertEquals(0, recording.eventsLost());
        }
    }
}
