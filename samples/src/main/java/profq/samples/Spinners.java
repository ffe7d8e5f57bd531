package profq.samples;

/**
 * Runs until it is killed, with four threads that call and allocate without pause: the
 * recording's end always finds them mid-batch, and often mid-event. Prints "ready" once every
 * thread has made 10,000 calls of {@code spin}. For the SIGTERM-while-busy test.
 */
public final class Spinners {
    public static final int THREADS = 4;

    public static void main(String[] args) throws InterruptedException {
        java.util.concurrent.CountDownLatch warm = new java.util.concurrent.CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            Thread thread = new Thread(() -> {
                long sum = 0;
                for (int i = 0; ; i++) {
                    sum += spin(i);
                    if (i == 10_000) {
                        warm.countDown();
                    }
                }
            }, "spinner-" + t);
            thread.setDaemon(true);
            thread.start();
        }
        warm.await();
        System.out.println("ready");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }

    static int spin(int i) {
        return new int[1 + (i & 3)].length;
    }
}
