package org.profq.event;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * The tracked objects still alive, found by identity: the check every use advice makes.
 *
 * <p>An open-addressing table of phantom references, keyed by
 * {@link System#identityHashCode}: it never calls the program's {@code hashCode} or
 * {@code equals} (the djprof paper's §5 recursion trap), never keeps an object reachable, and
 * works for every object, arrays and JDK classes included. State introduced into the
 * program's classes (the paper's other approach) would change their size, their fields as
 * reflection and serialisation see them, and could not reach JDK classes at all;
 * {@code bench/TrackingCheckBenchmark} measures what the table costs instead.
 *
 * <p>{@link #idOf} is lock-free: it reads a published table, in which slots only ever change
 * from empty to a reference and from a reference to {@link #REMOVED}, so a probe never misses
 * an object that was in the table when the probe began. Writers (tracking on
 * allocating threads, removal on the reaper) hold the lock and replace the table to grow it.
 */
public final class TrackedObjects {
    /** A phantom reference that remembers its object's id and identity hash. */
    public static final class TrackedReference extends PhantomReference<Object> {
        final long objectId;
        final int identityHash;

        TrackedReference(Object referent, long objectId, int identityHash, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.objectId = objectId;
            this.identityHash = identityHash;
        }
    }

    /** A slot whose object died: probes pass over it. */
    private static final TrackedReference REMOVED = new TrackedReference(null, 0, 0, null);
    private static final int INITIAL_CAPACITY = 1024;

    private final ReferenceQueue<Object> queue;
    private volatile TrackedReference[] table = new TrackedReference[INITIAL_CAPACITY];
    /** Tracked objects in the table; read without the lock only to skip hashing when it is 0. */
    private volatile int alive;
    private int removed;

    /** Dead objects' references are enqueued on {@code queue}. */
    public TrackedObjects(ReferenceQueue<Object> queue) {
        this.queue = queue;
    }

    /** The id of {@code object} if it is tracked and alive, else 0. Constant time, no lock. */
    public long idOf(Object object) {
        if (alive == 0) {
            return 0; // nothing tracked: not even the identity hash is computed
        }
        TrackedReference[] slots = table;
        int hash = System.identityHashCode(object);
        int mask = slots.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            TrackedReference slot = slots[i];
            if (slot == null) {
                return 0;
            }
            if (slot.identityHash == hash && slot.refersTo(object)) {
                return slot.objectId;
            }
        }
    }

    /** Starts following {@code object}, which is not tracked yet. */
    public synchronized void track(Object object, long objectId) {
        TrackedReference[] slots = table;
        if ((alive + removed + 1) * 2 > slots.length) {
            slots = rebuilt(Math.max(INITIAL_CAPACITY, Integer.highestOneBit(Math.max(1, alive) * 4)));
        }
        int hash = System.identityHashCode(object);
        insert(slots, new TrackedReference(object, objectId, hash, queue));
        alive++;
        table = slots; // a volatile write: the new slot is visible no later than the table
    }

    /** Stops following a dead object; false if it was not followed (already removed). */
    public synchronized boolean remove(TrackedReference reference) {
        TrackedReference[] slots = table;
        int mask = slots.length - 1;
        for (int i = reference.identityHash & mask; slots[i] != null; i = (i + 1) & mask) {
            if (slots[i] == reference) {
                slots[i] = REMOVED;
                alive--;
                removed++;
                return true;
            }
        }
        return false;
    }

    /** The ids of every object still followed; the table is emptied. */
    public synchronized List<Long> removeAll() {
        List<Long> ids = new ArrayList<>(alive);
        for (TrackedReference slot : table) {
            if (slot != null && slot != REMOVED) {
                ids.add(slot.objectId);
            }
        }
        table = new TrackedReference[INITIAL_CAPACITY];
        alive = 0;
        removed = 0;
        return ids;
    }

    public int size() {
        return alive;
    }

    /** A fresh table of {@code capacity} slots with the live references and no removed ones. */
    private TrackedReference[] rebuilt(int capacity) {
        TrackedReference[] bigger = new TrackedReference[capacity];
        for (TrackedReference slot : table) {
            if (slot != null && slot != REMOVED) {
                insert(bigger, slot);
            }
        }
        removed = 0;
        return bigger;
    }

    private static void insert(TrackedReference[] slots, TrackedReference reference) {
        int mask = slots.length - 1;
        int i = reference.identityHash & mask;
        while (slots[i] != null) { // removed slots are not reused: a rebuild clears them
            i = (i + 1) & mask;
        }
        slots[i] = reference;
    }
}
