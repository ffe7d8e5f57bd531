package profq.samples;

/**
 * The same arithmetic twice per round: {@code withCalls} calls the trivial {@code step} a million
 * times between its pieces of arithmetic, {@code inline} does the step's work in its own code.
 * Unprofiled, the JIT inlines {@code step} and the two cost the same; recorded, each call of
 * {@code step} costs the recorder's advice, which lands in {@code withCalls}' self time unless it
 * is compensated. Prints a checksum so that no work can be left out.
 */
public final class OverheadCompensation {
    static final int ROUNDS = 3;
    static final int CALLS = 1_000_000;
    /**
     * Rounds of multiply-adds on four independent values between two calls: enough that the advice
     * is well under the arithmetic, and arithmetic that keeps the CPU busy (a single chain would
     * leave it waiting on each multiply, free to run the advice alongside for nothing).
     */
    static final int ARITHMETIC_PER_CALL = 100;

    public static void main(String[] args) {
        long checksum = 0;
        for (int round = 0; round < ROUNDS; round++) {
            checksum += withCalls(round);
            checksum += inline(round);
        }
        System.out.println(checksum);
    }

    static long withCalls(long seed) {
        long x = seed;
        long y = seed + 1;
        long z = seed + 2;
        long w = seed + 3;
        for (int i = 0; i < CALLS; i++) {
            for (int j = 0; j < ARITHMETIC_PER_CALL; j++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                y = y * 6364136223846793005L + 1442695040888963407L;
                z = z * 6364136223846793005L + 1442695040888963407L;
                w = w * 6364136223846793005L + 1442695040888963407L;
            }
            x = step(x ^ y ^ z ^ w);
        }
        return x;
    }

    static long step(long x) {
        return x ^ (x >>> 29);
    }

    static long inline(long seed) {
        long x = seed;
        long y = seed + 1;
        long z = seed + 2;
        long w = seed + 3;
        for (int i = 0; i < CALLS; i++) {
            for (int j = 0; j < ARITHMETIC_PER_CALL; j++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                y = y * 6364136223846793005L + 1442695040888963407L;
                z = z * 6364136223846793005L + 1442695040888963407L;
                w = w * 6364136223846793005L + 1442695040888963407L;
            }
            x ^= y ^ z ^ w;
            x = x ^ (x >>> 29);
        }
        return x;
    }

    private OverheadCompensation() {
    }
}
