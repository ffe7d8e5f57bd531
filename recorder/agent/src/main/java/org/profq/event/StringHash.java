package org.profq.event;

/**
 * The 64-bit content hash of a string parameter (FNV-1a over its UTF-16 characters): what the
 * value profiler records instead of the text. {@code String.hashCode} has only 32 bits, too few
 * to count millions of distinct values without collisions.
 */
final class StringHash {
    private static final long OFFSET_BASIS = 0xcbf29ce484222325L;
    private static final long PRIME = 0x100000001b3L;

    static long of(String text) {
        long hash = OFFSET_BASIS;
        for (int i = 0, length = text.length(); i < length; i++) {
            char c = text.charAt(i);
            hash = (hash ^ (c & 0xFF)) * PRIME;
            hash = (hash ^ (c >>> 8)) * PRIME;
        }
        return hash;
    }

    private StringHash() {
    }
}
