package org.profq.engine.value;

/**
 * Sorts parallel primitive arrays by key, with no boxing: quicksort (recursing into the smaller
 * part, so the stack stays shallow), insertion sort for short ranges.
 */
final class Sorting {
    private static final int INSERTION = 16;

    /** Sorts entries [from, to) by field, then sequence; the values go along. */
    static void byFieldAndSeq(int[] field, long[] seq, int[] value, int from, int to) {
        sort(field, seq, value, null, from, to);
    }

    /** Sorts writes by sequence; objects and fields go along. */
    static void bySeq(long[] seq, int[] object, int[] field) {
        sort(null, seq, object, field, 0, seq.length);
    }

    /** Sorts {@code payload} by {@code seq}, which is sorted along. */
    static void bySeq(long[] seq, int[] payload) {
        sort(null, seq, payload, null, 0, seq.length);
    }

    /** Sorts [from, to) by {@code first} (none when null), then {@code second}; {@code a} and {@code b} (or null) go along. */
    private static void sort(int[] first, long[] second, int[] a, int[] b, int from, int to) {
        while (to - from > INSERTION) {
            swap(first, second, a, b, (from + to) >>> 1, to - 1);
            int store = from;
            for (int i = from; i < to - 1; i++) {
                if (before(first, second, i, to - 1)) {
                    swap(first, second, a, b, i, store++);
                }
            }
            swap(first, second, a, b, store, to - 1);
            if (store - from < to - store) {
                sort(first, second, a, b, from, store);
                from = store + 1;
            } else {
                sort(first, second, a, b, store + 1, to);
                to = store;
            }
        }
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && before(first, second, j, j - 1); j--) {
                swap(first, second, a, b, j, j - 1);
            }
        }
    }

    private static boolean before(int[] first, long[] second, int i, int j) {
        return first != null && first[i] != first[j] ? first[i] < first[j] : second[i] < second[j];
    }

    private static void swap(int[] first, long[] second, int[] a, int[] b, int i, int j) {
        if (first != null) {
            swap(first, i, j);
        }
        long s = second[i];
        second[i] = second[j];
        second[j] = s;
        swap(a, i, j);
        if (b != null) {
            swap(b, i, j);
        }
    }

    private static void swap(int[] values, int i, int j) {
        int v = values[i];
        values[i] = values[j];
        values[j] = v;
    }

    private Sorting() {
    }
}
