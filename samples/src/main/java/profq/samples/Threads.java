package profq.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * Concurrency: 8 threads, each calling {@code work} 10,000 times; each call allocates one
 * {@code Counter}.
 */
public final class Threads {
    static final int THREADS = 8;
    static final int CALLS_PER_THREAD = 10_000;

    public static void main(String[] args) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long[] results = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            Thread thread = new Thread(() -> results[index] = run(index), "worker-" + t);
            threads.add(thread);
            thread.start();
        }
        long total = 0;
        for (int t = 0; t < THREADS; t++) {
            threads.get(t).join();
            total += results[t];
        }
        System.out.println("total " + total);
    }

    static long run(int seed) {
        long sum = 0;
        for (int i = 0; i < CALLS_PER_THREAD; i++) {
            sum += work(seed, i).value;
        }
        return sum;
    }

    static Counter work(int seed, int i) {
        return new Counter(seed + i);
    }

    static final class Counter {
        final long value;

        Counter(long value) {
            this.value = value;
        }
    }
}
