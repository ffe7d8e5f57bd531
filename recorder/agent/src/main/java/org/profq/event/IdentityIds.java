package org.profq.event;

/**
 * Maps objects (AspectJ static parts) to int ids by identity, read lock-free on the hot path.
 *
 * <p>Open addressing over {@link System#identityHashCode}, which never calls the program's
 * {@code hashCode} (the djprof paper's §5 recursion trap). Entries are immutable and the
 * table is replaced, never resized in place, so a reader sees either the old or the new
 * table, both consistent. Writers hold the owner's lock.
 */
final class IdentityIds {
    private record Entry(Object key, int id) {
    }

    private volatile Entry[] table = new Entry[1024];
    private int size;

    /** The id of {@code key}, or -1. */
    int get(Object key) {
        Entry[] entries = table;
        int mask = entries.length - 1;
        for (int i = System.identityHashCode(key) & mask; ; i = (i + 1) & mask) {
            Entry entry = entries[i];
            if (entry == null) {
                return -1;
            }
            if (entry.key == key) {
                return entry.id;
            }
        }
    }

    /** Adds a key not present yet; callers serialise. */
    void put(Object key, int id) {
        Entry[] entries = table;
        if ((size + 1) * 2 > entries.length) {
            entries = rehash(entries, entries.length * 2);
        }
        insert(entries, new Entry(key, id));
        size++;
        table = entries; // republish: a volatile write orders the insert before readers see it
    }

    /** The keys added. */
    int size() {
        return size;
    }

    private static Entry[] rehash(Entry[] old, int capacity) {
        Entry[] bigger = new Entry[capacity];
        for (Entry entry : old) {
            if (entry != null) {
                insert(bigger, entry);
            }
        }
        return bigger;
    }

    private static void insert(Entry[] entries, Entry entry) {
        int mask = entries.length - 1;
        int i = System.identityHashCode(entry.key) & mask;
        while (entries[i] != null) {
            i = (i + 1) & mask;
        }
        entries[i] = entry;
    }
}
