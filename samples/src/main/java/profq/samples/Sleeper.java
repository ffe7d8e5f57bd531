package profq.samples;

/**
 * Runs until it is killed: prints "ready" after its first 100 {@code tick} calls, then keeps
 * ticking every millisecond. For SIGTERM and SIGKILL tests.
 */
public final class Sleeper {
    public static void main(String[] args) throws InterruptedException {
        for (int i = 0; ; i++) {
            tick();
            if (i == 100) {
                System.out.println("ready");
                System.out.flush();
            }
            Thread.sleep(1);
        }
    }

    static void tick() {
    }
}
