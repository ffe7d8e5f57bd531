package profq.samples;

import java.util.HashMap;
import java.util.Map;

/**
 * An allocation pattern that aliases with a per-thread sampling period: each of 500 cache
 * misses allocates an {@code Entry} and its {@code byte[1024]} payload (97 % of the cache's
 * bytes), and nothing else is allocated in the loop. Every 100th allocation of the thread is
 * then always an {@code Entry} (an even one), never a payload; every 100th of each site is not.
 */
public final class PayloadCache {
    static final Map<Integer, Entry> CACHE = new HashMap<>();

    public static void main(String[] args) {
        long total = 0;
        for (int key = 0; key < 500; key++) {
            total += lookup(key).payload.length;
        }
        System.out.println("cached " + CACHE.size() + " entries, " + total + " bytes");
    }

    static Entry lookup(int key) {
        Entry entry = CACHE.get(key);
        if (entry == null) {
            entry = new Entry(key, new byte[1024]);
            CACHE.put(key, entry);
        }
        return entry;
    }

    static final class Entry {
        final int key;
        final byte[] payload;

        Entry(int key, byte[] payload) {
            this.key = key;
            this.payload = payload;
        }
    }
}
