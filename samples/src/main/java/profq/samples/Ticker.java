package profq.samples;

/**
 * Runs until it is killed: prints "ready", then calls {@code tick} about every millisecond (never
 * sooner) and prints each call's number once it has returned. For the test of what SIGKILL loses.
 */
public final class Ticker {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("ready");
        for (long ticks = 1; ; ticks++) {
            tick();
            System.out.println(ticks);
            Thread.sleep(1);
        }
    }

    static void tick() {
    }
}
