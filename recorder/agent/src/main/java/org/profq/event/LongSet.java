package org.profq.event;

/**
 * A set of non-zero longs, read lock-free: open addressing, the table replaced (never resized in
 * place) when it grows, as {@link IdentityIds}. Adds are serialised on the set.
 */
final class LongSet {
    private volatile long[] table = new long[1024];
    private int size;

    boolean contains(long value) {
        long[] slots = table;
        int mask = slots.length - 1;
        for (int i = spread(value) & mask; ; i = (i + 1) & mask) {
            long slot = slots[i];
            if (slot == value) {
                return true;
            }
            if (slot == 0) {
                return false;
            }
        }
    }

    /** Adds {@code value} (not 0); true if it was not in the set. */
    boolean add(long value) {
        if (contains(value)) {
            return false;
        }
        synchronized (this) {
            if (contains(value)) {
                return false;
            }
            long[] slots = table;
            if ((size + 1) * 2 > slots.length) {
                long[] bigger = new long[slots.length * 2];
                for (long old : slots) {
                    if (old != 0) {
                        insert(bigger, old);
                    }
                }
                slots = bigger;
            }
            insert(slots, value);
            size++;
            table = slots; // republish: a volatile write orders the insert before readers see it
            return true;
        }
    }

    private static void insert(long[] slots, long value) {
        int mask = slots.length - 1;
        int i = spread(value) & mask;
        while (slots[i] != 0) {
            i = (i + 1) & mask;
        }
        slots[i] = value;
    }

    private static int spread(long value) {
        long h = value * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }
}
