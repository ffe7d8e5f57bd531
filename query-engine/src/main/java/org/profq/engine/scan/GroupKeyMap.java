package org.profq.engine.scan;

import java.util.Arrays;

/**
 * The groups of an aggregation scan, keyed by a fixed number of raw column values: an
 * open-addressing hash map from key to group number over a flat {@code long[]}, so finding a
 * row's group allocates nothing. Groups are numbered densely from 0 in the order they are
 * first seen.
 */
final class GroupKeyMap {
    private static final int SMALL_KEYS = 1 << 20;

    private final int width;
    /** Slot s holds group slotGroups[s] (or -1), whose key is keys[group * width ...]. */
    private int[] slotGroups;
    private long[] keys;
    private int groups;

    /** For one key column: the group of each small non-negative key (ids), or -1; found without hashing. */
    private int[] smallKeys = new int[0];

    GroupKeyMap(int width) {
        this.width = width;
        this.slotGroups = new int[64];
        Arrays.fill(slotGroups, -1);
        this.keys = new long[Math.max(1, 32 * width)];
    }

    int size() {
        return groups;
    }

    long key(int group, int position) {
        return keys[group * width + position];
    }

    private final long[] single = new long[1];

    /** The group of a one-column {@code key}, added if new. */
    int groupOf(long key) {
        if (key >= 0 && key < smallKeys.length) {
            int group = smallKeys[(int) key];
            if (group >= 0) {
                return group;
            }
        }
        single[0] = key;
        return groupOf(single);
    }

    /** The group of {@code key} (its first {@code width} values), added if new. */
    int groupOf(long[] key) {
        if (width == 1 && key[0] >= 0 && key[0] < smallKeys.length) {
            int group = smallKeys[(int) key[0]];
            if (group >= 0) {
                return group;
            }
        }
        int group = probe(key);
        if (width == 1 && key[0] >= 0 && key[0] < SMALL_KEYS) {
            if (key[0] >= smallKeys.length) {
                int grown = (int) Math.min(SMALL_KEYS, Math.max(key[0] + 1, smallKeys.length * 2L));
                int from = smallKeys.length;
                smallKeys = Arrays.copyOf(smallKeys, grown);
                Arrays.fill(smallKeys, from, grown, -1);
            }
            smallKeys[(int) key[0]] = group;
        }
        return group;
    }

    private int probe(long[] key) {
        int mask = slotGroups.length - 1;
        for (int slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
            int group = slotGroups[slot];
            if (group < 0) {
                return add(key, slot);
            }
            if (matches(group, key)) {
                return group;
            }
        }
    }

    private boolean matches(int group, long[] key) {
        int at = group * width;
        for (int i = 0; i < width; i++) {
            if (keys[at + i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    private int add(long[] key, int slot) {
        int group = groups++;
        if ((long) groups * width > keys.length) {
            keys = Arrays.copyOf(keys, keys.length * 2);
        }
        System.arraycopy(key, 0, keys, group * width, width);
        slotGroups[slot] = group;
        if (groups * 2 > slotGroups.length) {
            rehash();
        }
        return group;
    }

    private void rehash() {
        slotGroups = new int[slotGroups.length * 2];
        Arrays.fill(slotGroups, -1);
        int mask = slotGroups.length - 1;
        long[] key = new long[width];
        for (int group = 0; group < groups; group++) {
            System.arraycopy(keys, group * width, key, 0, width);
            int slot = hash(key) & mask;
            while (slotGroups[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            slotGroups[slot] = group;
        }
    }

    private int hash(long[] key) {
        long h = 0;
        for (int i = 0; i < width; i++) {
            h = (h + key[i]) * 0x9E3779B97F4A7C15L;
        }
        h ^= h >>> 32; // the multiplications leave the best bits high; the mask keeps the low ones
        return (int) (h ^ (h >>> 16));
    }
}
