package org.profq.udf;

import java.util.Arrays;

/**
 * The values an aggregate has seen, as primitive doubles: all of them up to {@link #EXACT}
 * values, so that what is computed from them is exact; beyond that a uniform reservoir sample
 * of that size (Vitter's algorithm R, with a fixed seed, so a query gives the same answer each
 * time), so a group of billions of rows needs 8 MiB, not 8 bytes per row.
 */
final class Sample {
    /** How many values are kept: groups up to this size are exact. */
    static final int EXACT = 1 << 20;

    private double[] values = new double[16];
    private int size;
    private long seen;
    private long random = 0x9E3779B97F4A7C15L;

    /** {@code value} as a double: the functions that take any SQL number see it as an Object; anything else is refused by name. */
    static double number(Object value, String function) {
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        throw new IllegalArgumentException(function + " takes a number; got " + value.getClass().getSimpleName() + " '" + value + "'");
    }

    void add(double value) {
        seen++;
        if (size < EXACT) {
            if (size == values.length) {
                values = Arrays.copyOf(values, Math.min(EXACT, size * 2));
            }
            values[size++] = value;
            return;
        }
        long slot = Math.floorMod(next(), seen);
        if (slot < EXACT) {
            values[(int) slot] = value;
        }
    }

    void addAll(Sample other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i]);
        }
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The kept values, sorted ascending. */
    double[] sorted() {
        double[] copy = Arrays.copyOf(values, size);
        Arrays.sort(copy);
        return copy;
    }

    private long next() { // xorshift64*
        random ^= random >>> 12;
        random ^= random << 25;
        random ^= random >>> 27;
        return random * 0x2545F4914F6CDD1DL;
    }
}
