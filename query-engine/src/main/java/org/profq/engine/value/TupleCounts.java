package org.profq.engine.value;

import java.util.Arrays;

/**
 * The distinct tuples of one method under one equality: per 64-bit tuple fingerprint, the calls
 * that had it and the first of them. Open addressing over primitive arrays.
 */
final class TupleCounts {
    private long[] keys = new long[64];
    private long[] calls = new long[64];
    private long[] firstCalls = new long[64];
    private int size;

    /** One more call ({@code callId}) with the tuple {@code fingerprint}. */
    void add(long fingerprint, long callId) {
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = Hashing.slot(fingerprint) & mask; ; i = (i + 1) & mask) {
            if (calls[i] == 0) {
                keys[i] = fingerprint;
                calls[i] = 1;
                firstCalls[i] = callId;
                size++;
                return;
            }
            if (keys[i] == fingerprint) {
                calls[i]++;
                return;
            }
        }
    }

    /**
     * The tuples as {calls, first call} pairs, most calls first; among equal counts, the tuple
     * first seen first (call ids of one thread rise; the order across threads is by id).
     */
    long[][] ranked() {
        long[][] tuples = new long[size][];
        int next = 0;
        for (int i = 0; i < keys.length; i++) {
            if (calls[i] > 0) {
                tuples[next++] = new long[] {calls[i], firstCalls[i]};
            }
        }
        Arrays.sort(tuples, (a, b) -> a[0] != b[0] ? Long.compare(b[0], a[0]) : Long.compare(a[1], b[1]));
        return tuples;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldCalls = calls;
        long[] oldFirst = firstCalls;
        keys = new long[oldKeys.length * 2];
        calls = new long[oldKeys.length * 2];
        firstCalls = new long[oldKeys.length * 2];
        size = 0;
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldCalls[j] > 0) {
                int i = Hashing.slot(oldKeys[j]) & mask;
                while (calls[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                calls[i] = oldCalls[j];
                firstCalls[i] = oldFirst[j];
                size++;
            }
        }
    }
}
