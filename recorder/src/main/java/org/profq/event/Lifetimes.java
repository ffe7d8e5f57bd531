package org.profq.event;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongConsumer;

/**
 * Follows tracked objects to their death: each gets a phantom reference on one queue, which a
 * daemon thread ("profq-reaper") drains, recording a death the moment the collector enqueues
 * it. It blocks only itself, never the program. The set of references keeps them reachable;
 * what is left in it at the end are the objects alive at exit.
 *
 * <p>Hashing here is of our own reference objects (identity), never of the program's objects.
 */
final class Lifetimes {
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final Set<TrackedReference> alive = ConcurrentHashMap.newKeySet();
    private final Thread reaper;

    /** A phantom reference that remembers which object it follows. */
    private static final class TrackedReference extends PhantomReference<Object> {
        final long objectId;

        TrackedReference(Object referent, long objectId, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.objectId = objectId;
        }
    }

    /** Starts the reaper, which passes each dead object's id to {@code onDeath} on its own thread. */
    Lifetimes(LongConsumer onDeath) {
        reaper = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    TrackedReference dead = (TrackedReference) queue.remove();
                    if (alive.remove(dead)) {
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

    void track(Object object, long objectId) {
        alive.add(new TrackedReference(object, objectId, queue));
    }

    /** Stops the reaper and hands back the ids of the tracked objects still alive. */
    List<Long> stopAndListAlive() {
        reaper.interrupt();
        try {
            reaper.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Long> ids = new ArrayList<>();
        for (TrackedReference reference : alive) {
            ids.add(reference.objectId);
        }
        alive.clear();
        return ids;
    }
}
