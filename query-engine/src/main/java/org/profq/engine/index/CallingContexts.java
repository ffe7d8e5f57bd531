package org.profq.engine.index;

import java.util.Arrays;

/**
 * The calling contexts met while indexing: the nodes of the calling-context tree, numbered
 * from 1 in order of first use, each a parent context (0 for a thread's outermost call) and
 * a method. A call's {@code stack} is its context's path; the index stores one int per call
 * instead of a string, and names a path only when a query reads it. Memory grows with the
 * size of the tree, not with the number of calls. Every call entry looks its context up, so
 * the lookup is an open-addressing table of ints, with no boxing. A context's depth (0 for a
 * thread's outermost call) is its calls' depth, so the index keeps only what a call's differs from it.
 */
final class CallingContexts {
    /** Slot s holds the context whose (parent, method) hashes nearest to s, or 0. */
    private int[] slots = new int[1024];
    private int[] parents = new int[1024];
    private int[] methods = new int[1024];
    private int[] depths = new int[1024];
    /**
     * By {@code parent * CHILD_WAYS + (methodId & CHILD_WAYS - 1)}: the child of that context
     * (0: the threads' outermost calls) last looked up for a method of those low bits, or 0. Most
     * calls are made by a call that made few before it, so their contexts are found here, by an
     * array index, without hashing.
     */
    private int[] children = new int[1024 * CHILD_WAYS];
    private static final int CHILD_WAYS = 4;
    private int count;

    /** The id of the context {@code methodId} called from {@code parent}, numbering it if new. */
    int intern(int parent, int methodId) {
        int way = parent * CHILD_WAYS + (methodId & CHILD_WAYS - 1);
        int child = children[way];
        if (child != 0 && methods[child] == methodId) {
            return child;
        }
        child = lookUp(parent, methodId);
        children[way] = child;
        return child;
    }

    private int lookUp(int parent, int methodId) {
        int mask = slots.length - 1;
        int slot = slot(parent, methodId, mask);
        for (int id; (id = slots[slot]) != 0; slot = (slot + 1) & mask) {
            if (parents[id] == parent && methods[id] == methodId) {
                return id;
            }
        }
        int next = ++count;
        if (next == parents.length) {
            parents = Arrays.copyOf(parents, next * 2);
            methods = Arrays.copyOf(methods, next * 2);
            depths = Arrays.copyOf(depths, next * 2);
            children = Arrays.copyOf(children, next * 2 * CHILD_WAYS);
        }
        parents[next] = parent;
        methods[next] = methodId;
        depths[next] = parent == 0 ? 0 : depths[parent] + 1;
        slots[slot] = next;
        if (count * 2 > slots.length) {
            rehash();
        }
        return next;
    }

    private void rehash() {
        slots = new int[slots.length * 2];
        int mask = slots.length - 1;
        for (int id = 1; id <= count; id++) {
            int slot = slot(parents[id], methods[id], mask);
            while (slots[slot] != 0) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = id;
        }
    }

    int count() {
        return count;
    }

    int parent(int context) {
        return parents[context];
    }

    int method(int context) {
        return methods[context];
    }

    /** How many contexts lie above it on its path: the depth of its calls. */
    int depth(int context) {
        return depths[context];
    }

    private static int slot(int parent, int methodId, int mask) {
        long h = ((long) parent << 32 | (methodId & 0xffff_ffffL)) * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32) & mask;
    }
}
