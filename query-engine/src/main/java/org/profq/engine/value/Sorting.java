package org.profq.engine.value;

/** Sorts of parallel primitive arrays, by key, with no boxing: quicksort, insertion sort for short ranges. */
final class Sorting {
    private static final int INSERTION = 16;

    /** Sorts entries [from, to) by field, then sequence; the values go along. */
    static void byFieldAndSeq(int[] field, long[] seq, int[] value, int from, int to) {
        while (to - from > INSERTION) {
            int middle = (from + to) >>> 1;
            swap(field, seq, value, middle, to - 1);
            int store = from;
            for (int i = from; i < to - 1; i++) {
                if (before(field, seq, i, to - 1)) {
                    swap(field, seq, value, i, store++);
                }
            }
            swap(field, seq, value, store, to - 1);
            if (store - from < to - store) { // recurse into the smaller part: the stack stays shallow
                byFieldAndSeq(field, seq, value, from, store);
                from = store + 1;
            } else {
                byFieldAndSeq(field, seq, value, store + 1, to);
                to = store;
            }
        }
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && before(field, seq, j, j - 1); j--) {
                swap(field, seq, value, j, j - 1);
            }
        }
    }

    /** Sorts {@code payload} by {@code seq}, which is sorted along. */
    static void bySeq(long[] seq, int[] payload) {
        bySeq(seq, payload, new int[seq.length], 0, seq.length);
    }

    /** Sorts writes by sequence; objects and fields go along. */
    static void bySeq(long[] seq, int[] object, int[] field) {
        bySeq(seq, object, field, 0, seq.length);
    }

    private static void bySeq(long[] seq, int[] object, int[] field, int from, int to) {
        while (to - from > INSERTION) {
            int middle = (from + to) >>> 1;
            swap(seq, object, field, middle, to - 1);
            long pivot = seq[to - 1];
            int store = from;
            for (int i = from; i < to - 1; i++) {
                if (seq[i] < pivot) {
                    swap(seq, object, field, i, store++);
                }
            }
            swap(seq, object, field, store, to - 1);
            if (store - from < to - store) { // recurse into the smaller part: the stack stays shallow
                bySeq(seq, object, field, from, store);
                from = store + 1;
            } else {
                bySeq(seq, object, field, store + 1, to);
                to = store;
            }
        }
        for (int i = from + 1; i < to; i++) {
            for (int j = i; j > from && seq[j] < seq[j - 1]; j--) {
                swap(seq, object, field, j, j - 1);
            }
        }
    }

    private static boolean before(int[] field, long[] seq, int i, int j) {
        return field[i] != field[j] ? field[i] < field[j] : seq[i] < seq[j];
    }

    private static void swap(int[] field, long[] seq, int[] value, int i, int j) {
        int f = field[i];
        field[i] = field[j];
        field[j] = f;
        long s = seq[i];
        seq[i] = seq[j];
        seq[j] = s;
        int v = value[i];
        value[i] = value[j];
        value[j] = v;
    }

    private static void swap(long[] seq, int[] object, int[] field, int i, int j) {
        long s = seq[i];
        seq[i] = seq[j];
        seq[j] = s;
        int o = object[i];
        object[i] = object[j];
        object[j] = o;
        int f = field[i];
        field[i] = field[j];
        field[j] = f;
    }

    private Sorting() {
    }
}
