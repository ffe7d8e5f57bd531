package profq.samples;

import java.util.concurrent.locks.LockSupport;

/**
 * Many small requests, each the same little call tree, as a server's profile is made of:
 * {@code Requests <requests> [<per second>]} (300,000 without an argument; as fast as it can
 * without the second, else paced to that rate, waiting between requests as a server under
 * steady load does). A request is 11 method executions
 * ({@code handle}; {@code parse} with {@link Token}'s constructor; {@code compute}, with
 * {@code step} three deep and {@code value}; {@code render} with {@link Box}'s constructor and
 * {@code value}) and 4 allocations (a {@code char[]}, a Token, an {@code int[]}, a Box): under the
 * agent {@link #EVENTS_PER_REQUEST} events. The program the query-speed and export benchmarks
 * (bench) record, and whose 1 GB recording the index's size is measured on: each call's counts of
 * the calls and allocations inside it differ by its place in the tree, and the tree is deeper
 * than a loop's.
 */
public final class Requests {
    /** Events one request records: 11 calls (an entry and an exit each) and 4 allocations. */
    public static final int EVENTS_PER_REQUEST = 26;
    /** Paced, it waits for its turn after every this many requests (a power of two). */
    static final int PACING_BATCH = 1024;

    public static void main(String[] args) {
        long requests = args.length == 0 ? 300_000 : Long.parseLong(args[0]);
        long perSecond = args.length < 2 ? 0 : Long.parseLong(args[1]);
        long start = System.nanoTime();
        long checksum = 0;
        for (long i = 0; i < requests; i++) {
            checksum += handle((int) i);
            if (perSecond > 0 && (i & PACING_BATCH - 1) == PACING_BATCH - 1) {
                awaitTurn(start, i + 1, perSecond);
            }
        }
        System.out.println("checksum " + checksum);
    }

    /** Waits until {@code served} requests are due at {@code perSecond} since {@code start}: a server under steady load. */
    static void awaitTurn(long start, long served, long perSecond) {
        long early = start + served * 1_000_000_000L / perSecond - System.nanoTime();
        if (early > 0) {
            LockSupport.parkNanos(early);
        }
    }

    static int handle(int request) {
        Token token = parse(request);
        return render(compute(token, 2));
    }

    static Token parse(int request) {
        char[] text = new char[4 + (request & 7)];
        return new Token(request, text.length);
    }

    static int compute(Token token, int depth) {
        return step(token.value(), depth);
    }

    static int step(int value, int depth) {
        return depth == 0 ? value : step(value * 31 + depth, depth - 1);
    }

    static int render(int value) {
        int[] digits = new int[3];
        digits[value & 1] = value;
        Box box = new Box(value);
        return digits.length + box.value();
    }

    record Token(int value, int length) {
    }

    record Box(int value) {
    }

    private Requests() {
    }
}
