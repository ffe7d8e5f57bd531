package profq.bench.target;

/**
 * The program whose recording the query-speed benchmark queries: many small "requests", each a
 * fixed little call tree with allocations at four sites, so every profile view has work to do.
 *
 * <p>{@code QueryWorkload <requests>}. One request is 11 method executions (handle, parse,
 * compute, step three deep, render, two constructors, two record accessors) and 4 allocations:
 * under the agent {@link #EVENTS_PER_REQUEST} events.
 */
public final class QueryWorkload {
    /** Events one request records: 11 calls (an entry and an exit each) and 4 allocations. */
    public static final int EVENTS_PER_REQUEST = 26;

    public static void main(String[] args) {
        long requests = Long.parseLong(args[0]);
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

    private QueryWorkload() {
    }
}
