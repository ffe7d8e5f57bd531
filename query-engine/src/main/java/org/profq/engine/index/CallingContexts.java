package org.profq.engine.index;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The calling contexts met while indexing: the nodes of the calling-context tree, numbered
 * from 1 in order of first use, each a parent context (0 for a thread's outermost call) and
 * a method. A call's {@code stack} is its context's path; the index stores one int per call
 * instead of a string, and names a path only when a query reads it. Memory grows with the
 * size of the tree, not with the number of calls.
 */
final class CallingContexts {
    private final Map<Long, Integer> ids = new HashMap<>();
    private int[] parents = new int[1024];
    private int[] methods = new int[1024];
    private int count;

    /** The id of the context {@code methodId} called from {@code parent}, numbering it if new. */
    int intern(int parent, int methodId) {
        Integer id = ids.get(key(parent, methodId));
        if (id != null) {
            return id;
        }
        int next = ++count;
        if (next == parents.length) {
            parents = Arrays.copyOf(parents, next * 2);
            methods = Arrays.copyOf(methods, next * 2);
        }
        parents[next] = parent;
        methods[next] = methodId;
        ids.put(key(parent, methodId), next);
        return next;
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

    private static long key(int parent, int methodId) {
        return (long) parent << 32 | (methodId & 0xffff_ffffL);
    }
}
