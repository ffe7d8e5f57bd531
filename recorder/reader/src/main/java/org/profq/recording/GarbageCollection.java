package org.profq.recording;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A garbage collection on profq's time axis: it ran within {@code [startNanos, endNanos]}.
 *
 * <p>The JVM gives a collection's start and end in whole milliseconds on a clock of its own
 * (HotSpot's collection clock: {@code System.nanoTime}'s, counted from the moment the JVM records
 * as its start). Where that clock's zero lies on profq's axis is bounded twice: from below and above
 * by the JVM's start time read against the wall clock when the recording began (to a millisecond
 * each way), and from above by each report, which arrives after the collection ended ({@code zero
 * <= arrival - endMillis}). {@link #placed} takes the tightest bounds over the recording, then
 * {@code startNanos} (the lowest zero plus {@code startMillis}) is at or before the true start and
 * {@code endNanos} (the highest zero plus {@code endMillis + 1} ms, or the report's arrival when
 * earlier) at or after the true end: each within about two milliseconds, so {@code durationNanos}
 * is an upper bound of the collection's length, by up to a few milliseconds. (A step of the wall
 * clock between the JVM's start and the recording's would move the lower bound; it is then taken
 * no higher than the upper one.)
 *
 * @param collectionId the collection's place among the recording's, by start (1, 2, ...)
 * @param gcId         the JVM's number of it, per collector (each collector counts from 1)
 * @param kind         {@code young} for a collection of the young generation alone (the JVM's "end of
 *                     minor GC": Copy, PS Scavenge, ParNew, G1 Young Generation, which includes
 *                     G1's mixed collections), {@code old} for one of the whole heap ("end of
 *                     major GC": MarkSweepCompact, PS MarkSweep, G1 Old Generation; generational
 *                     ZGC's Major Cycles), {@code young} too for generational ZGC's Minor Cycles,
 *                     {@code other} for what neither tells (pauses, Shenandoah's and
 *                     non-generational ZGC's cycles, G1's concurrent cycle)
 */
public record GarbageCollection(long collectionId, long gcId, String collector, String kind, String cause, long startNanos,
                                long endNanos) {
    private static final long NANOS_PER_MILLI = 1_000_000L;

    public long durationNanos() {
        return endNanos - startNanos;
    }

    /** The reported collections on profq's axis (see above), in order of start (then end). */
    public static List<GarbageCollection> placed(List<ReportedCollection> reported) {
        long zeroAtMost = Long.MAX_VALUE;
        long zeroAtLeast = Long.MIN_VALUE;
        for (ReportedCollection collection : reported) {
            zeroAtMost = Math.min(zeroAtMost, Math.min(collection.baseHighNanos(),
                    collection.arrivalNanos() - collection.endMillis() * NANOS_PER_MILLI));
            zeroAtLeast = Math.max(zeroAtLeast, collection.baseLowNanos());
        }
        zeroAtLeast = Math.min(zeroAtLeast, zeroAtMost);
        List<GarbageCollection> unnumbered = new ArrayList<>(reported.size());
        for (ReportedCollection collection : reported) {
            long start = Math.max(0, zeroAtLeast + collection.startMillis() * NANOS_PER_MILLI);
            long end = Math.min(collection.arrivalNanos(), zeroAtMost + (collection.endMillis() + 1) * NANOS_PER_MILLI);
            unnumbered.add(new GarbageCollection(0, collection.gcId(), collection.collector(),
                    kind(collection.action(), collection.collector()),
                    collection.cause(), start, Math.max(start, end)));
        }
        unnumbered.sort(Comparator.comparingLong(GarbageCollection::startNanos).thenComparingLong(GarbageCollection::endNanos));
        List<GarbageCollection> placed = new ArrayList<>(unnumbered.size());
        for (GarbageCollection c : unnumbered) {
            placed.add(new GarbageCollection(placed.size() + 1, c.gcId, c.collector, c.kind, c.cause, c.startNanos, c.endNanos));
        }
        return placed;
    }

    /**
     * What the JVM's action, or else the collector's name, says of the generation collected (see
     * {@link #kind}): generational ZGC's cycles are named "ZGC Minor Cycles" and "ZGC Major Cycles"
     * (their pauses are parts of a cycle: other).
     */
    static String kind(String action, String collector) {
        String lower = action.toLowerCase(Locale.ROOT);
        if (lower.contains("minor")) {
            return "young";
        }
        if (lower.contains("major")) {
            return "old";
        }
        String name = collector.toLowerCase(Locale.ROOT);
        if (name.contains("cycles") && name.contains("minor")) {
            return "young";
        }
        if (name.contains("cycles") && name.contains("major")) {
            return "old";
        }
        return "other";
    }
}
