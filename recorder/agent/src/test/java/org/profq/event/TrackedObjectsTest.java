package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The identity table the use advice asks: found by identity, never by the object's own hashCode. */
class TrackedObjectsTest {
    /** An object whose hashCode and equals must never be called: they throw. */
    private static final class Hostile {
        @Override
        public int hashCode() {
            throw new AssertionError("hashCode called");
        }

        @Override
        public boolean equals(Object other) {
            throw new AssertionError("equals called");
        }
    }

    @Test
    void findsTrackedObjectsByIdentityThroughGrowthAndRemoval() throws InterruptedException {
        ReferenceQueue<Object> queue = new ReferenceQueue<>();
        TrackedObjects tracked = new TrackedObjects(queue);
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            Object object = new Hostile();
            objects.add(object);
            tracked.track(object, i + 1);
        }
        for (int i = 0; i < objects.size(); i++) {
            assertEquals(i + 1, tracked.idOf(objects.get(i)));
        }
        assertEquals(0, tracked.idOf(new Hostile()), "an untracked object");

        // Drop the even ones; the collector enqueues their references, which are then removed.
        for (int i = 0; i < objects.size(); i += 2) {
            objects.set(i, null);
        }
        int removed = 0;
        while (removed < 2_500) {
            System.gc();
            java.lang.ref.Reference<?> dead;
            while ((dead = queue.remove(100)) != null) {
                assertTrue(tracked.remove((TrackedObjects.TrackedReference) dead));
                assertFalse(tracked.remove((TrackedObjects.TrackedReference) dead), "removed twice");
                removed++;
            }
        }
        assertEquals(2_500, tracked.size());
        for (int i = 0; i < 3_000; i++) { // reuses capacity: the removed slots are cleared by a rebuild
            tracked.track(new Object[0], 100_000 + i);
        }
        for (int i = 1; i < objects.size(); i += 2) {
            assertEquals(i + 1, tracked.idOf(objects.get(i)));
        }
        Set<Long> left = new HashSet<>(tracked.removeAll());
        assertTrue(left.containsAll(List.of(2L, 4L, 5_000L)));
        assertEquals(0, tracked.size());
        assertEquals(0, tracked.idOf(objects.get(1)));
    }
}
