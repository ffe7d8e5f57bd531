package profq.samples;

/**
 * A child JVM that {@link ForkingParent} starts: {@code ForkedChild <n> <exit code>} calls
 * {@code sumOfSquares(n)}, which calls {@code square} n times, prints one line and exits with
 * the exit code given ({@code System.exit} when it is not 0, with {@code main} still open).
 * So its calls are 1 main + 1 sumOfSquares + n square.
 */
public final class ForkedChild {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int exitCode = Integer.parseInt(args[1]);
        System.out.println("child " + n + ": sum of squares 1.." + n + " = " + sumOfSquares(n));
        if (exitCode != 0) {
            System.exit(exitCode);
        }
    }

    static long sumOfSquares(int n) {
        long sum = 0;
        for (int i = 1; i <= n; i++) {
            sum += square(i);
        }
        return sum;
    }

    static long square(long i) {
        return i * i;
    }
}
