package profq.samples;

import java.util.HashMap;
import java.util.Map;

/**
 * Drag: a cache that never evicts. {@code lookup} creates an {@code Entry} on each of 100
 * misses, {@code main} calls its {@code size()} once, and the cache holds it to the end;
 * {@code main} then waits 300 ms. Every Entry (and the cache's map) is alive at exit, used
 * within microseconds of its creation and idle for the last 300 ms or more.
 */
public final class EndlessCache {
    static final Map<Integer, Entry> CACHE = new HashMap<>();

    public static void main(String[] args) throws InterruptedException {
        long total = 0;
        for (int key = 0; key < 100; key++) {
            total += lookup(key).size();
        }
        Thread.sleep(300);
        System.out.println("total " + total);
    }

    static Entry lookup(int key) {
        Entry entry = CACHE.get(key);
        if (entry == null) {
            entry = new Entry(key);
            CACHE.put(key, entry);
        }
        return entry;
    }

    static final class Entry {
        final int key;

        Entry(int key) {
            this.key = key;
        }

        int size() {
            return key * 2;
        }
    }
}
