package org.profq.event;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.GcInfo;

/**
 * Records the JVM's garbage collections ({@code DOC_COLLECTION}), which bound each tracked
 * object's death: the collection that found it ended before its death was seen.
 *
 * <p>The JVM tells of each collection through its collectors' MXBeans, with a notification sent
 * after the collection ended, on the JDK's own notification thread (which runs JDK code and this
 * listener only, none of it woven, so profq's advice records nothing there). Its start and end are
 * whole milliseconds since a JVM time base ({@link GcInfo#getStartTime}) that no Java API gives,
 * so they are written as the JVM gave them, with the notification's arrival on profq's clock and
 * the bounds of that base on profq's axis read at the start: HotSpot starts the collection clock
 * at the moment it records as the JVM's start ({@code RuntimeMXBean.getStartTime}, wall-clock
 * milliseconds), so the wall clock read beside profq's clock places it to within a millisecond
 * each way. The reader places the collections on profq's axis ({@code GarbageCollection} in the
 * reader API says how).
 *
 * <p>Nothing here reaches the program: a JVM without these MXBeans (not HotSpot-like) records no
 * collections, with a warning; a failure in the listener is counted as the recorder's own.
 */
final class GarbageCollections implements NotificationListener {
    private static final long NANOS_PER_MILLI = 1_000_000L;
    private final Dictionary dictionary;
    /** Told each report's arrival once it is written: the reaper then states when its deaths are recorded. */
    private final LongConsumer onReported;
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final List<GarbageCollectorMXBean> collectors = new ArrayList<>();
    /** The collections the JVM had run before the listener was added: never reported. */
    private long collectionsBefore;
    private final AtomicLong reported = new AtomicLong();
    /** Where the JVM's collection clock reads 0, on profq's axis: at least this (see above). */
    private final long baseLowNanos;
    /** ... and at most this. */
    private final long baseHighNanos;

    private GarbageCollections(Dictionary dictionary, LongConsumer onReported, long jvmStartMillis) {
        this.dictionary = dictionary;
        this.onReported = onReported;
        long nowNanos = Clock.preciseNow();
        long sinceStartMillis = System.currentTimeMillis() - jvmStartMillis; // both truncated: right to 1 ms each way
        baseLowNanos = nowNanos - (sinceStartMillis + 1) * NANOS_PER_MILLI;
        baseHighNanos = nowNanos - (sinceStartMillis - 1) * NANOS_PER_MILLI;
    }

    /**
     * Starts recording collections into {@code dictionary}'s log, telling {@code onReported} each
     * report's arrival once written; null when the JVM cannot tell them.
     */
    static GarbageCollections start(Dictionary dictionary, LongConsumer onReported) {
        GarbageCollections collections = null;
        try {
            collections = new GarbageCollections(dictionary, onReported, ManagementFactory.getRuntimeMXBean().getStartTime());
            collections.collectors.addAll(ManagementFactory.getGarbageCollectorMXBeans());
            collections.collectionsBefore = collections.collectionsRun();
            for (GarbageCollectorMXBean collector : collections.collectors) {
                if (collector instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener(collections, null, null);
                    collections.emitters.add(emitter);
                }
            }
        } catch (Throwable t) { // LinkageError without jdk.management, or a JVM that refuses
            if (collections != null) {
                collections.stop();
            }
            dictionary.warning("garbage collections are not recorded (" + t + "): deaths are bounded by their recorded time only");
            return null;
        }
        if (collections.emitters.isEmpty()) {
            dictionary.warning("garbage collections are not recorded (the JVM's collectors send no notifications):"
                    + " deaths are bounded by their recorded time only");
            return null;
        }
        return collections;
    }

    /**
     * Waits, at most {@code maxMillis}, for the reports of the collections the JVM has run so far
     * (they are sent after each collection, on another thread): at the end, so that the last
     * collections are in the recording.
     */
    void awaitReports(long maxMillis) {
        try {
            long deadline = System.nanoTime() + maxMillis * NANOS_PER_MILLI;
            long expected = collectionsRun() - collectionsBefore;
            while (reported.get() < expected && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            Recorder.internalError(t);
        }
    }

    /** How many collections the JVM's collectors have run (each counts its own). */
    private long collectionsRun() {
        long total = 0;
        for (GarbageCollectorMXBean collector : collectors) {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }

    /** No more collections are recorded (the recording is ending). */
    void stop() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(this);
            } catch (Throwable ignored) {
                // already removed, or the JVM is shutting down: no more notifications either way
            }
        }
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        try {
            long arrivalNanos = Clock.preciseNow();
            if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                return;
            }
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
            GcInfo gc = info.getGcInfo();
            dictionary.collection(gc.getId(), info.getGcName(), info.getGcAction(), info.getGcCause(), gc.getStartTime(),
                    gc.getEndTime(), arrivalNanos, baseLowNanos, baseHighNanos);
            reported.incrementAndGet();
            onReported.accept(arrivalNanos);
        } catch (Throwable t) {
            Recorder.internalError(t);
        }
    }
}
