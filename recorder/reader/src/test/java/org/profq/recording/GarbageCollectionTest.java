package org.profq.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Collections placed on profq's axis: within bounds of the JVM's clock, numbered by start, young or old as the JVM says. */
class GarbageCollectionTest {

    @Test
    void theTightestBoundsOfTheJvmsClockPlaceEachCollectionWithinItsStartAndEnd() {
        // The JVM's collection clock reads 0 somewhere in [-5.002 ms, -3.002 ms] of profq's axis by the wall
        // clock; the second report, 0.2 ms after its end (millisecond 12 began at most at -3.2 ms + 12 ms),
        // says it is at most -3.2 ms; the first arrived 3 ms late and bounds nothing.
        List<ReportedCollection> reported = List.of(
                new ReportedCollection(2, "MarkSweepCompact", "end of major GC", "System.gc()", 20, 25, 25_000_000,
                        -5_002_000, -3_002_000),
                new ReportedCollection(1, "Copy", "end of minor GC", "Allocation Failure", 10, 12, 8_800_000,
                        -5_002_000, -3_002_000));
        assertEquals(List.of(
                new GarbageCollection(1, 1, "Copy", "young", "Allocation Failure", 4_998_000, 8_800_000),
                new GarbageCollection(2, 2, "MarkSweepCompact", "old", "System.gc()", 14_998_000, 22_800_000)),
                GarbageCollection.placed(reported));
    }

    @Test
    void theCollectorsNameTellsZgcsGenerationsWhereTheActionDoesNot() {
        assertEquals("young", GarbageCollection.kind("end of GC cycle", "ZGC Minor Cycles"));
        assertEquals("old", GarbageCollection.kind("end of GC cycle", "ZGC Major Cycles"));
        assertEquals("other", GarbageCollection.kind("end of GC pause", "ZGC Major Pauses"));
        assertEquals("other", GarbageCollection.kind("end of GC cycle", "Shenandoah Cycles"));
        assertEquals("young", GarbageCollection.kind("end of minor GC", "G1 Young Generation"));
    }

    @Test
    void aRecordingWithoutCollectionsHasNone() {
        assertEquals(List.of(), GarbageCollection.placed(List.of()));
    }
}
