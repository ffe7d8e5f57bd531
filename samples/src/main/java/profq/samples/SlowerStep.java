package profq.samples;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Two steps that each keep a CPU busy for a given time, for comparing two runs by time: {@code
 * SlowerStep <step ms>} (default 200): {@code steady} spins 200 ms of the thread's CPU time, {@code
 * step} as many as the argument says, so that {@code SlowerStep 600} against {@code SlowerStep 200}
 * is a program whose one method became slower, and nothing else changed: no allocation, the
 * same calls (main → steady, main → step).
 */
public final class SlowerStep {
    static final long STEADY_MILLIS = 200;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        long stepMillis = args.length > 0 ? Long.parseLong(args[0]) : STEADY_MILLIS;
        long result = steady() ^ step(stepMillis);
        System.out.println(result == 42 ? "done." : "done");
    }

    /** Computes until the thread has used 200 ms of CPU time, however loaded the machine is. */
    static long steady() {
        long x = 1;
        long end = THREADS.getCurrentThreadCpuTime() + STEADY_MILLIS * 1_000_000L;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    /** The same for {@code millis} (its own code, not a shared helper: the time is in the method a change made slower). */
    static long step(long millis) {
        long x = 1;
        long end = THREADS.getCurrentThreadCpuTime() + millis * 1_000_000L;
        while (THREADS.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    private SlowerStep() {
    }
}
