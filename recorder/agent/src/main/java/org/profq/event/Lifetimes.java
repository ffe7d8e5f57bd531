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

    /** Starts the reaper, which passes each dead object's id to {@code onDeath} on its own thread. */
    Lifetimes(LongConsumer onDeath) {
        reaper = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    TrackedObjects.TrackedReference dead = (TrackedObjects.TrackedReference) queue.remove();
                    if (tracked.remove(dead)) {
                        onDeath.accept(dead.objectId);
                    }
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "profq-reaper");
        reaper.setDaemon(true);
        reaper.start();
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
     * collections disabled, or the cap reached), the rest stay unknown. Without the collection
     * every object still followed is unknown, as before the final collection existed.
     */
    void end(boolean finalCollection, EndOfRun report) {
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
                told = true;
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
