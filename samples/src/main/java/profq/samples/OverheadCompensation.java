package profq.samples;

/**
 * The same arithmetic twice per round: {@code withCalls} does it and then calls the trivial
 * {@code step} a million times, {@code inline} does it and then the step's work a million times in
 * its own code. Unprofiled, the JIT inlines {@code step} and the two cost the same; recorded, each
 * call of {@code step} costs the recorder's advice, which lands in {@code withCalls}' self time
 * unless it is compensated. Several rounds, so that the later ones run compiled code (as the
 * calibration measures it). Prints a checksum so that no work can be left out.
 *
 * <p>The arithmetic runs apart from the calls, in a loop of its own: interleaved with them (a call
 * every 100 rounds of arithmetic), the mere presence of a call the JIT does not inline made the
 * arithmetic around it 45 % slower, unprofiled too ({@code -XX:CompileCommand=dontinline} on
 * {@code step}: 50 ns more per call, 25 ns with half the arithmetic): that is the caller's own code
 * compiled differently, not a cost per call that compensation could take off
 * (docs/accuracy-and-overhead.md, its limits).
 */
public final class OverheadCompensation {
    static final int ROUNDS = 5;
    static final int CALLS = 1_000_000;
    /**
     * Rounds of multiply-adds on four independent values, per call of {@code step}: the advice is
     * well under the arithmetic (some 110 ms a round), and arithmetic that keeps the CPU busy.
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
        for (int i = 0; i < CALLS * ARITHMETIC_PER_CALL; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            y = y * 6364136223846793005L + 1442695040888963407L;
            z = z * 6364136223846793005L + 1442695040888963407L;
            w = w * 6364136223846793005L + 1442695040888963407L;
        }
        x ^= y ^ z ^ w;
        for (int i = 0; i < CALLS; i++) {
            x = step(x);
        }
        return x;
    }

    static long step(long x) {
        return x ^ (x >>> 29);
    }

    /** The arithmetic of {@code withCalls}, in its own code too (a method of its own would have its own self time). */
    static long inline(long seed) {
        long x = seed;
        long y = seed + 1;
        long z = seed + 2;
        long w = seed + 3;
        for (int i = 0; i < CALLS * ARITHMETIC_PER_CALL; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            y = y * 6364136223846793005L + 1442695040888963407L;
            z = z * 6364136223846793005L + 1442695040888963407L;
            w = w * 6364136223846793005L + 1442695040888963407L;
        }
        x ^= y ^ z ^ w;
        for (int i = 0; i < CALLS; i++) {
            x = x ^ (x >>> 29);
        }
        return x;
    }

    private OverheadCompensation() {
    }
}
