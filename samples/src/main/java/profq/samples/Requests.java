package profq.samples;

/**
 * Many small requests, each the same little call tree, as a server's profile is made of:
 * {@code Requests <requests>} (300,000 without an argument). A request is 11 method executions
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

    public static void main(String[] args) {
        long requests = args.length == 0 ? 300_000 : Long.parseLong(args[0]);
        long checksum = 0;
        for (long i = 0; i < requests; i++) {
            checksum += handle((int) i);
        }
        System.out.println("checksum " + checksum);
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
