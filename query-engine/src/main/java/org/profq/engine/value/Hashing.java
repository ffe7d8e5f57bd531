package org.profq.engine.value;

/** 64-bit mixing for value keys and tuple fingerprints (SplitMix64's finaliser). */
final class Hashing {
    static long mix(long value) {
        long z = value + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** {@code hash} and {@code value} combined: order matters. */
    static long combine(long hash, long value) {
        return mix(hash * 31 + mix(value));
    }

    static int slot(long key) {
        long mixed = mix(key);
        return (int) (mixed ^ (mixed >>> 32));
    }

    private Hashing() {
    }
}
