package org.profq.event;

import java.lang.ref.ReferenceQueue;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Follows tracked objects to their death: each gets a phantom reference on one queue, which a
 * daemon thread ("profq-reaper") drains, recording a death the moment the collector enqueues
 * it. It blocks only itself, never the program. The {@link TrackedObjects} table keeps the
 * references reachable and answers which object is tracked; what is left in it at the end
 * are the objects alive at exit.
 */
final class Lifetimes {
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final TrackedObjects tracked = new TrackedObjects(queue);
    private final Thread reaper;

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

    /** Stops the reaper and hands back the ids of the tracked objects still alive. */
    List<Long> stopAndListAlive() {
        reaper.interrupt();
        try {
            reaper.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return tracked.removeAll();
    }
}
