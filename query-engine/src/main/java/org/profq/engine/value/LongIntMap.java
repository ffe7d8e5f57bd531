package org.profq.engine.value;

import java.util.Arrays;

/** An open-addressing map from long keys to non-negative ints, with no boxing: ids to dense indexes. */
public final class LongIntMap {
    private long[] keys;
    private int[] values;
    private int size;

    public LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, -1);
    }

    /** The value of {@code key}, or -1. */
    public int get(long key) {
        int mask = keys.length - 1;
        for (int i = Hashing.slot(key) & mask; ; i = (i + 1) & mask) {
            if (values[i] < 0) {
                return -1;
            }
            if (keys[i] == key) {
                return values[i];
            }
        }
    }

    /** Sets {@code key} to {@code value} (not negative) unless it has a value; gives the value it has. */
    public int putIfAbsent(long key, int value) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = Hashing.slot(key) & mask; ; i = (i + 1) & mask) {
            if (values[i] < 0) {
                keys[i] = key;
                values[i] = value;
                size++;
                return value;
            }
            if (keys[i] == key) {
                return values[i];
            }
        }
    }

    public int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(values, -1);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] >= 0) {
                putIfAbsent(oldKeys[i], oldValues[i]);
            }
        }
    }
}
