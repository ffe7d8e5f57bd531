package org.profq.event;

import java.lang.ref.PhantomReference;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.function.LongConsumer;

/**
 * Follows tracked objects to their death: each gets a phantom reference on one queue, which a
 * daemon thread ("profq-reaper") drains, recording a death the moment the collector enqueues
 * it. It blocks only itself, never the program. The {@link TrackedObjects} table keeps the
 * references reachable and answers which object is tracked; what is left in it at the end
 * are the objects alive at exit, told apart by {@link #end}'s final collection.
 */
final class Lifetimes {
    /** How long the end waits for the final collection before it gives up on telling. */
    static final long FINAL_COLLECTION_CAP_MILLIS = 2_000;
    /**
     * How long, once the collection has returned, the end waits for the sentinel: a moment after
     * a real collection; the whole of it when none ran ({@code -XX:+DisableExplicitGC}).
     */
    private static final long SENTINEL_WAIT_MILLIS = 500;

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final TrackedObjects tracked = new TrackedObjects(queue);
    private final Thread reaper;

    /** How the end reports each tracked object still followed then. */
    interface EndOfRun {
        /** Found unreachable: by the final collection, or dead before it but not yet reaped. */
        void unreachable(long objectId);

        /** Still reachable after the final collection. */
        void reachable(long objectId);

        /** Still followed, and no final collection told whether it was reachable. */
        void unknown(long objectId);
    }

    /** What the reaper states once the deaths of the collections reported so far are all recorded. */
    interface DeathsRecorded {
        /** Every death found by a collection reported at or before {@code reportsThroughNanos} was recorded before {@code recordedByNanos}. */
        void recorded(long recordedByNanos, long reportsThroughNanos);
    }

    /** When the last collection's report arrived (profq's clock); -1 before the first. */
    private volatile long lastReportNanos = -1;
    /** Set when the end begins: the reaper is then no longer the queue's only reader, and states nothing more. */
    private volatile boolean ending;

    /**
     * Starts the reaper, which passes each dead object's id to {@code onDeath} on its own thread
     * and, after each collection's report ({@link #collectionReported}), tells {@code recorded}
     * once that collection's deaths are all recorded.
     */
    Lifetimes(LongConsumer onDeath, DeathsRecorded recorded) {
        reaper = new Thread(() -> {
            long statedThrough = -1;
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    reap(queue.remove(), onDeath);
                    statedThrough = stateRecorded(statedThrough, onDeath, recorded);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "profq-reaper");
        reaper.setDaemon(true);
        reaper.start();
    }

    /**
     * A collection's report arrived at {@code arrivalNanos}, after the collection ended (so after
     * its cleared references were handed on): wakes the reaper, which states when that
     * collection's deaths are all recorded.
     */
    void collectionReported(long arrivalNanos) {
        lastReportNanos = arrivalNanos;
        new PhantomReference<>(null, queue).enqueue(); // wakes the reaper, which ignores it
    }

    private void reap(Reference<?> reference, LongConsumer onDeath) {
        if (reference instanceof TrackedObjects.TrackedReference dead && tracked.remove(dead)) {
            onDeath.accept(dead.objectId);
        }
    }

    /**
     * States, when a report came since the last statement, that the deaths of the collections
     * reported so far are recorded: once the JDK says their cleared references are all on the
     * queue, and the reaper has emptied it, every one of them was taken and recorded by this
     * thread before the statement's time. Nothing is stated without the JDK's word, or once the
     * end began (another thread then takes references too). Gives what is stated through.
     */
    private long stateRecorded(long statedThrough, LongConsumer onDeath, DeathsRecorded recorded) throws InterruptedException {
        long through = lastReportNanos; // read first: the collections reported by then ended before the wait below
        if (through <= statedThrough || !PendingReferences.awaitEnqueuedProvably()) {
            return statedThrough;
        }
        for (Reference<?> reference; (reference = queue.poll()) != null; ) {
            reap(reference, onDeath);
        }
        if (ending) {
            return statedThrough;
        }
        recorded.recorded(Clock.preciseNow(), through);
        return through;
    }

    TrackedObjects tracked() {
        return tracked;
    }

    void track(Object object, long objectId) {
        tracked.track(object, objectId);
    }

    /**
     * Stops the reaper and reports every tracked object still followed. With
     * {@code finalCollection}, and objects still followed, first runs one full collection
     * ({@link System#gc}, on a thread of its own, waited for at most
     * {@link #FINAL_COLLECTION_CAP_MILLIS}) and drains the queue, so that objects unreachable at
     * the end are told from those still reachable. A sentinel object, dropped just before the
     * collection, says that it ran and its references are arriving: if it never comes (explicit
     * collections disabled, or the cap reached), or no whole-heap collection ran
     * ({@link WholeHeapCollections}), the rest stay unknown. Without the collection
     * every object still followed is unknown, as before the final collection existed.
     */
    void end(boolean finalCollection, EndOfRun report) {
        ending = true; // before anything else takes from the queue
        reaper.interrupt();
        try {
            reaper.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean told = finalCollection && tracked.size() > 0 && collectAndDrain(report);
        for (long objectId : tracked.removeAll()) {
            if (told) {
                report.reachable(objectId);
            } else {
                report.unknown(objectId);
            }
        }
    }

    /** The final collection and the drain after it; whether the collection was seen to complete. */
    private boolean collectAndDrain(EndOfRun report) {
        // The sentinel's object is dropped just before the collection: only it (or one as late) can clear it.
        Object[] sentinelObject = {new Object()};
        PhantomReference<Object> sentinel = new PhantomReference<>(sentinelObject[0], queue);
        long wholeHeapBefore = WholeHeapCollections.count();
        Thread collector = new Thread(() -> {
            sentinelObject[0] = null;
            System.gc();
        }, "profq-final-gc");
        collector.setDaemon(true);
        boolean told = false;
        try {
            collector.start();
            collector.join(FINAL_COLLECTION_CAP_MILLIS);
            long deadline = System.nanoTime() + SENTINEL_WAIT_MILLIS * 1_000_000;
            boolean sentinelSeen = false;
            while (!collector.isAlive() && !sentinelSeen) {
                long leftMillis = (deadline - System.nanoTime()) / 1_000_000;
                if (leftMillis <= 0) {
                    break;
                }
                Reference<?> dead = queue.remove(leftMillis);
                if (dead == sentinel) {
                    sentinelSeen = true;
                } else if (dead != null) {
                    reportUnreachable(dead, report);
                }
            }
            if (sentinelSeen) {
                PendingReferences.awaitEnqueued(); // the collection's other references may still be on their way
                // a young collection clears the sentinel too, but proves nothing of the old generation's objects
                told = wholeHeapBefore >= 0 && WholeHeapCollections.count() > wholeHeapBefore;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        drainQueued(report);
        Reference.reachabilityFence(sentinel);
        return told;
    }

    private void drainQueued(EndOfRun report) {
        for (Reference<?> dead; (dead = queue.poll()) != null; ) {
            reportUnreachable(dead, report);
        }
    }

    private void reportUnreachable(Reference<?> dead, EndOfRun report) {
        if (dead instanceof TrackedObjects.TrackedReference reference && tracked.remove(reference)) {
            report.unreachable(reference.objectId);
        }
    }
}
