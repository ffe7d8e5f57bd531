package org.profq.event;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Set;

/**
 * How many collections that look at the whole heap the JVM has run: those of every collector but
 * the ones that collect the young generation alone. A collection that found no more tracked
 * objects proves the rest reachable only when it looked at the whole heap: the final collection
 * profq asks for at exit ({@code System.gc()}) may be run as a young one (the serial collector
 * does so while a thread is in a JNI critical region: "GCLocker Initiated GC"), or not at all
 * ({@code -XX:+DisableExplicitGC}) while the program's own allocation runs young ones.
 */
final class WholeHeapCollections {
    /** The HotSpot collectors that collect the young generation only. */
    private static final Set<String> YOUNG_ONLY = Set.of("Copy", "PS Scavenge", "ParNew", "G1 Young Generation",
            "ZGC Minor Cycles", "ZGC Minor Pauses");

    private WholeHeapCollections() {
    }

    /** The count so far; -1 when the JVM does not tell (no management beans). */
    static long count() {
        try {
            long total = 0;
            for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (!YOUNG_ONLY.contains(collector.getName())) {
                    total += Math.max(0, collector.getCollectionCount());
                }
            }
            return total;
        } catch (Throwable noManagement) { // LinkageError without java.management, or a JVM that refuses
            return -1;
        }
    }
}
