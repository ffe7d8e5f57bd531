package profq.samples;

/**
 * A program that installs a restrictive SecurityManager (JDK 17; later JDKs need
 * {@code -Djava.security.manager=allow}) and then keeps working: 10,000 calls of {@code f}
 * before, and {@link #AFTER} after.
 */
public final class Lockdown {
    /** Calls after the lock-down: enough events (about 9 MB) that the log must map new regions of its file. */
    static final int AFTER = 3_000_000;

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 10_000; i++) {
            sum += f(i);
        }
        System.setSecurityManager(new SecurityManager());
        for (int i = 0; i < AFTER; i++) {
            sum += f(i);
        }
        System.out.println("sum " + sum);
    }

    static int f(int i) {
        return i & 3;
    }
}
