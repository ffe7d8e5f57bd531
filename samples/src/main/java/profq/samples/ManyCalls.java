package profq.samples;

/**
 * Volume: {@code main} calls {@code f} 5,000,000 times: 10,000,002 call events, about 15 MB of
 * recording. For disk-full and throughput tests.
 */
public final class ManyCalls {
    static final int CALLS = 5_000_000;

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < CALLS; i++) {
            sum += f(i);
        }
        System.out.println("sum " + sum);
    }

    static int f(int i) {
        return i & 7;
    }
}
