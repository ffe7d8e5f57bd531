package profq.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * Concurrency: 64 threads call, allocate and throw at once. Thread t runs {@code work(t)},
 * which makes {@code iterations(t)} calls of {@code step}; each step allocates an
 * {@code int[4]}, and every tenth one calls {@code risky}, which throws (an
 * IllegalStateException allocated there) and is caught in {@code step}. Threads 0-31 end
 * early (2,000 steps), threads 32-63 run on (100,000 steps).
 * Events of a thread with n steps: 6 (entry and exit of the thread's lambda, work and
 * iterations) + 3n (step entry, exit, int[4]) + 3n/10 (risky entry, exit by throw, the exception).
 */
public final class Stress {
    static final int THREADS = 64;

    public static void main(String[] args) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long[] sums = new long[THREADS];
        for (int t = 0; t < THREADS; t++) {
            int index = t;
            threads.add(new Thread(() -> sums[index] = work(index), "stress-" + t));
        }
        threads.forEach(Thread::start);
        long total = 0;
        for (int t = 0; t < THREADS; t++) {
            threads.get(t).join();
            total += sums[t];
        }
        System.out.println("total " + total);
    }

    static int iterations(int thread) {
        return thread < THREADS / 2 ? 2_000 : 100_000;
    }

    static long work(int thread) {
        long sum = 0;
        int steps = iterations(thread);
        for (int i = 0; i < steps; i++) {
            sum += step(i);
        }
        return sum;
    }

    static int step(int i) {
        int[] cells = new int[4];
        cells[i & 3] = i;
        if (i % 10 == 0) {
            try {
                risky(i);
            } catch (IllegalStateException expected) {
                return cells[i & 3] + 1;
            }
        }
        return cells[i & 3];
    }

    static void risky(int i) {
        throw new IllegalStateException("step " + i);
    }
}
