package org.profq.event;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayList;
import java.util.Arrays;
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
 * <p>Most objects checked are not tracked, and a probe of a large table misses the caches.
 * So two filters answer first. Counts of tracked objects alive per class (by the class's
 * identity hash, in a small array) rule out objects of classes with none, without hashing
 * the object itself: an object's first identity hash is made by the JVM's slow path, which
 * costs more than the rest of the check. Then a bit filter, sixteen bits per slot and indexed by the same identity hash, answers
 * first: a clear bit proves the object untracked with one read of a small array. Bits of
 * removed objects stay set (a slower probe, never a wrong answer) until the next rebuild.
 *
 * <p>{@link #idOf} is lock-free: it reads a published {@link Table}, in which filter bits only
 * ever get set and slots only ever change from empty to a reference and from a reference to
 * {@link #REMOVED}, so a probe never misses an object that was in the table when the probe
 * began. Writers (tracking on allocating threads, removal on the reaper) hold the lock and
 * publish a new table to grow it.
 */
public final class TrackedObjects {
    /**
     * A phantom reference that remembers its object's id and identity hash. The value profiler's
     * followed objects are such references too ({@link FollowedObjects.FollowedReference}).
     */
    public static class TrackedReference extends PhantomReference<Object> {
        final long objectId;
        final int identityHash;
        final int classBucket;

        TrackedReference(Object referent, long objectId, ReferenceQueue<Object> queue) {
            super(referent, queue);
            this.objectId = objectId;
            this.identityHash = System.identityHashCode(referent);
            this.classBucket = classBucket(referent);
        }

        /** The {@link #REMOVED} marker. */
        private TrackedReference() {
            super(null, null);
            this.objectId = 0;
            this.identityHash = 0;
            this.classBucket = 0;
        }

        public long objectId() {
            return objectId;
        }
    }

    /** A slot whose object died: probes pass over it. */
    private static final TrackedReference REMOVED = new TrackedReference();
    private static final int INITIAL_CAPACITY = 1024;
    /** Filter bits per slot: with at most half the slots used, at most 1 bit in 32 is set. */
    private static final int FILTER_BITS_PER_SLOT = 16;
    /** Buckets of the per-class counts: a power of two; classes that share one only filter less. */
    private static final int CLASS_BUCKETS = 4096;

    /** The slots and their filter, published together. */
    private static final class Table {
        final TrackedReference[] slots;
        final long[] filter;
        final int filterMask;

        Table(int capacity) {
            slots = new TrackedReference[capacity];
            filter = new long[capacity * FILTER_BITS_PER_SLOT / Long.SIZE];
            filterMask = capacity * FILTER_BITS_PER_SLOT - 1;
        }

        boolean mayHold(int hash) {
            int bit = hash & filterMask;
            return (filter[bit >>> 6] & (1L << bit)) != 0;
        }

        void insert(TrackedReference reference) {
            int bit = reference.identityHash & filterMask;
            filter[bit >>> 6] |= 1L << bit;
            int mask = slots.length - 1;
            int i = reference.identityHash & mask;
            while (slots[i] != null) { // removed slots are not reused: a rebuild clears them
                i = (i + 1) & mask;
            }
            slots[i] = reference;
        }
    }

    private final ReferenceQueue<Object> queue;
    private volatile Table table = new Table(INITIAL_CAPACITY);
    /** Tracked objects alive per bucket of their class's identity hash; written under the lock. */
    private final int[] aliveByClass = new int[CLASS_BUCKETS];
    /** Tracked objects in the table; read without the lock only to skip hashing when it is 0. */
    private volatile int alive;
    private int removed;

    /** Dead objects' references are enqueued on {@code queue}. */
    public TrackedObjects(ReferenceQueue<Object> queue) {
        this.queue = queue;
    }

    /** The id of {@code object} if it is tracked and alive, else 0. Constant time, no lock. */
    public long idOf(Object object) {
        TrackedReference reference = find(object);
        return reference == null ? 0 : reference.objectId;
    }

    /** The reference of {@code object} if it is tracked and alive, else null. Constant time, no lock. */
    public TrackedReference find(Object object) {
        if (alive == 0) {
            return null; // nothing tracked: not even the identity hash is computed
        }
        if (aliveByClass[classBucket(object)] == 0) {
            return null; // no object of its class is tracked: its own hash is not needed
        }
        Table current = table;
        int hash = System.identityHashCode(object);
        if (!current.mayHold(hash)) {
            return null;
        }
        TrackedReference[] slots = current.slots;
        int mask = slots.length - 1;
        for (int i = hash & mask; ; i = (i + 1) & mask) {
            TrackedReference slot = slots[i];
            if (slot == null) {
                return null;
            }
            if (slot.identityHash == hash && slot.refersTo(object)) {
                return slot;
            }
        }
    }

    /** Starts following {@code object}, which is not tracked yet. */
    public void track(Object object, long objectId) {
        add(new TrackedReference(object, objectId, queue));
    }

    /**
     * Starts following the object of {@code reference} (made with this table's queue), unless it
     * is followed already: gives the reference that follows it.
     */
    synchronized TrackedReference addIfAbsent(TrackedReference reference, Object object) {
        TrackedReference known = find(object);
        if (known != null) {
            return known;
        }
        add(reference);
        return reference;
    }

    private synchronized void add(TrackedReference reference) {
        Table current = table;
        if ((alive + removed + 1) * 2 > current.slots.length) {
            current = rebuilt(Math.max(INITIAL_CAPACITY, Integer.highestOneBit(Math.max(1, alive) * 4)));
        }
        current.insert(reference);
        aliveByClass[reference.classBucket]++;
        alive++;
        table = current; // a volatile write: the new slot is visible no later than the table
    }

    /** Stops following a dead object; false if it was not followed (already removed). */
    public synchronized boolean remove(TrackedReference reference) {
        TrackedReference[] slots = table.slots;
        int mask = slots.length - 1;
        for (int i = reference.identityHash & mask; slots[i] != null; i = (i + 1) & mask) {
            if (slots[i] == reference) {
                slots[i] = REMOVED;
                aliveByClass[reference.classBucket]--;
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
        for (TrackedReference slot : table.slots) {
            if (slot != null && slot != REMOVED) {
                ids.add(slot.objectId);
            }
        }
        table = new Table(INITIAL_CAPACITY);
        Arrays.fill(aliveByClass, 0);
        alive = 0;
        removed = 0;
        return ids;
    }

    public int size() {
        return alive;
    }

    private static int classBucket(Object object) {
        return System.identityHashCode(object.getClass()) & (CLASS_BUCKETS - 1);
    }

    /** A fresh table of {@code capacity} slots with the live references and no removed ones. */
    private Table rebuilt(int capacity) {
        Table fresh = new Table(capacity);
        for (TrackedReference slot : table.slots) {
            if (slot != null && slot != REMOVED) {
                fresh.insert(slot);
            }
        }
        removed = 0;
        return fresh;
    }
}
