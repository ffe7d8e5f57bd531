package org.profq.event;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;

/**
 * The objects the value profiler follows, found by identity in constant time: a
 * {@link TrackedObjects} table (phantom references keyed by {@code System.identityHashCode}, so
 * the program's {@code hashCode} and {@code equals} are never called, and nothing is kept
 * reachable) whose references also carry the object's stamp, the global write sequence of the
 * latest field write to it. Dead objects are dropped when the next object is followed.
 */
final class FollowedObjects {
    /** A followed object: its id, whether all writes to it are seen, and its latest write. */
    static final class FollowedReference extends TrackedObjects.TrackedReference {
        final boolean seenInto;
        /**
         * The global write sequence of the latest field write to the object (0: none since it was
         * followed). Written by whichever thread writes the object: two threads writing one
         * object at once may leave the earlier sequence, a race the program has too.
         */
        long lastWrite;

        FollowedReference(Object referent, long objectId, boolean seenInto, ReferenceQueue<Object> queue) {
            super(referent, objectId, queue);
            this.seenInto = seenInto;
        }
    }

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final TrackedObjects table = new TrackedObjects(queue);

    /** The followed reference of {@code object}, or null. Constant time, no lock. */
    FollowedReference find(Object object) {
        return (FollowedReference) table.find(object);
    }

    /** Follows {@code object} as {@code objectId} unless another thread did first; gives the reference that follows it. */
    FollowedReference follow(Object object, long objectId, boolean seenInto) {
        for (Reference<?> dead; (dead = queue.poll()) != null; ) {
            table.remove((TrackedObjects.TrackedReference) dead);
        }
        return (FollowedReference) table.addIfAbsent(new FollowedReference(object, objectId, seenInto, queue), object);
    }

    int size() {
        return table.size();
    }
}
