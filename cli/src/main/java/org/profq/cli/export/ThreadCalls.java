package org.profq.cli.export;

import java.util.Arrays;

/**
 * One thread's kept calls, five longs a call in primitive arrays (40 bytes, where a row of the
 * engine's sort took several times that), put in entry order (call id order) once all are in:
 * the {@code calls} table gives a thread's calls in the order they end.
 */
final class ThreadCalls {
    private long[] callIds = new long[16];
    private long[] parentCallIds = new long[16];
    private long[] methodIds = new long[16];
    private long[] startNanos = new long[16];
    private long[] endNanos = new long[16];
    private int size;

    void add(long callId, long parentCallId, long methodId, long start, long end) {
        if (size == callIds.length) {
            int capacity = Math.max(16, size + (size >> 1));
            callIds = Arrays.copyOf(callIds, capacity);
            parentCallIds = Arrays.copyOf(parentCallIds, capacity);
            methodIds = Arrays.copyOf(methodIds, capacity);
            startNanos = Arrays.copyOf(startNanos, capacity);
            endNanos = Arrays.copyOf(endNanos, capacity);
        }
        callIds[size] = callId;
        parentCallIds[size] = parentCallId;
        methodIds[size] = methodId;
        startNanos[size] = start;
        endNanos[size] = end;
        size++;
    }

    /** Puts the calls in call id order (a thread's ids rise as its calls begin, and are unique). */
    void sortByCallId() {
        long[] sortedIds = Arrays.copyOf(callIds, size);
        Arrays.sort(sortedIds);
        long[] parents = new long[size];
        long[] methods = new long[size];
        long[] starts = new long[size];
        long[] ends = new long[size];
        for (int i = 0; i < size; i++) {
            int at = Arrays.binarySearch(sortedIds, callIds[i]);
            parents[at] = parentCallIds[i];
            methods[at] = methodIds[i];
            starts[at] = startNanos[i];
            ends[at] = endNanos[i];
        }
        callIds = sortedIds;
        parentCallIds = parents;
        methodIds = methods;
        startNanos = starts;
        endNanos = ends;
    }

    int size() {
        return size;
    }

    long callId(int i) {
        return callIds[i];
    }

    long parentCallId(int i) {
        return parentCallIds[i];
    }

    long methodId(int i) {
        return methodIds[i];
    }

    long startNanos(int i) {
        return startNanos[i];
    }

    long endNanos(int i) {
        return endNanos[i];
    }
}
