package profq.samples;

/**
 * Two phases whose sizes the arguments give, for comparing two runs: {@code Phases <loads>
 * <computes>} (default 100 100). {@code load} allocates one {@code long[8]} per load, then
 * sleeps one ms per load; {@code compute} does the same per compute; both sleep in
 * {@code pause}. Nothing else in the program allocates, so the heap shares are exact: 100 100
 * gives load and compute half each, 100 300 a quarter and three quarters; the time shares
 * follow the sleeps. Calls: main → load → pause, then main → compute → pause.
 */
public final class Phases {
    public static void main(String[] args) throws InterruptedException {
        int loads = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int computes = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        System.out.println(load(loads) + compute(computes));
    }

    static long load(int loads) throws InterruptedException {
        long sum = 0;
        for (int i = 0; i < loads; i++) {
            long[] block = new long[8];
            block[i % 8] = i;
            sum += block[i % 8];
        }
        pause(loads);
        return sum;
    }

    static long compute(int computes) throws InterruptedException {
        long sum = 0;
        for (int i = 0; i < computes; i++) {
            long[] block = new long[8];
            block[i % 8] = 2L * i;
            sum += block[i % 8];
        }
        pause(computes);
        return sum;
    }

    static void pause(int millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}
