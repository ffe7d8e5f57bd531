package profq.samples;

/**
 * Two threads side by side for a second: one sleeps in {@code sleep}, the other computes in
 * {@code compute}. The first waits and uses almost no CPU; the second is on a CPU whenever the
 * machine lets it.
 */
public final class RunningAndWaiting {
    static final long SECOND_NANOS = 1_000_000_000L;

    public static void main(String[] args) throws InterruptedException {
        long[] result = new long[1];
        Thread sleeper = new Thread(RunningAndWaiting::sleep, "sleeper");
        Thread computer = new Thread(() -> result[0] = compute(), "computer");
        sleeper.start();
        computer.start();
        sleeper.join();
        computer.join();
        System.out.println(result[0] != 42 ? "done" : "done.");
    }

    static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long compute() {
        long x = 1;
        long end = System.nanoTime() + SECOND_NANOS;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    private RunningAndWaiting() {
    }
}
