package org.profq.recording;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A collection that proves the tracked objects it did not find reachable when it started: a
 * tracked object whose death was recorded after {@code deathsRecordedByNanos}, or never, was
 * reachable at {@code startNanos} (the collection's start on profq's axis, at or before the true
 * start), so its death came after it.
 *
 * <p>Only a stop-the-world collection of the whole heap proves that ({@link #WHOLE_HEAP_COLLECTORS}):
 * it marks from the program's own roots, so an object it does not find was reachable. A young
 * collection proves nothing of the kind. It never looks at an object already promoted to the old
 * generation, and it treats every old object as a root, live or not, so a young object referred
 * to by a dead old one survives it unreachable ("nepotism"): on HotSpot 17 with the serial,
 * parallel and G1 collectors, a young object dropped together with the old object holding it
 * survived 200 young collections and was found by the next full one. And a collection that did not
 * find an object proves it only once every death it found has been recorded
 * ({@link DeathsRecorded}): the recorder's reaper can lag dozens of collections behind the
 * collector under load, so a death recorded after a collection is no proof that it missed it.
 */
public record SurvivedCollection(long collectionId, long startNanos, long deathsRecordedByNanos) {
    /**
     * The collectors whose collections (the JVM's "end of major GC") stop the program and mark the
     * whole heap from its roots: the serial and parallel collectors' full collections and G1's.
     */
    static final Set<String> WHOLE_HEAP_COLLECTORS = Set.of("MarkSweepCompact", "PS MarkSweep", "G1 Old Generation");

    /**
     * The whole-heap collections of {@code reported} that a statement of {@code recorded} covers,
     * each with the earliest such statement's time, in order of start; {@code placed} is
     * {@code reported} on profq's axis ({@link GarbageCollection#placed}), whose start and place
     * they take.
     */
    static List<SurvivedCollection> of(List<ReportedCollection> reported, List<GarbageCollection> placed,
                                       List<DeathsRecorded> recorded) {
        List<SurvivedCollection> survived = new ArrayList<>();
        for (GarbageCollection collection : placed) {
            if (!"old".equals(collection.kind()) || !WHOLE_HEAP_COLLECTORS.contains(collection.collector())) {
                continue;
            }
            long arrival = arrivalOf(collection, reported);
            long recordedBy = Long.MAX_VALUE;
            for (DeathsRecorded statement : recorded) {
                if (statement.reportsThroughNanos() >= arrival && statement.recordedByNanos() < recordedBy) {
                    recordedBy = statement.recordedByNanos();
                }
            }
            if (recordedBy != Long.MAX_VALUE) {
                survived.add(new SurvivedCollection(collection.collectionId(), collection.startNanos(), recordedBy));
            }
        }
        return survived;
    }

    /** When the report of {@code collection} arrived: the collector and the JVM's number name one report. */
    private static long arrivalOf(GarbageCollection collection, List<ReportedCollection> reported) {
        for (ReportedCollection report : reported) {
            if (report.gcId() == collection.gcId() && report.collector().equals(collection.collector())) {
                return report.arrivalNanos();
            }
        }
        return Long.MAX_VALUE; // not reported: never covered
    }
}
