package profq.samples;

/**
 * A mutable object passed 10 times to {@code read}, which reads its {@code count} only. Between
 * calls 3 and 4 {@code count} changes, between calls 5 and 6 {@code label} changes, between
 * calls 7 and 8 {@code count} changes again (field writes in woven code).
 *
 * <p>MT+R (any write to the object makes it another value): 4 distinct tuples, of 3, 2, 2 and
 * 3 calls. MT+R/M ({@code read}'s reference field set is {@code count} alone, so the label's
 * change does not count): 3 distinct tuples, of 3, 4 and 3 calls.
 */
public final class MutableArgument {
    public static void main(String[] args) {
        Counter counter = new Counter();
        int sum = 0;
        for (int call = 1; call <= 10; call++) {
            sum += read(counter);
            if (call == 3 || call == 7) {
                counter.count++;
            } else if (call == 5) {
                counter.label = "renamed";
            }
        }
        System.out.println("sum " + sum + ", " + counter.label);
    }

    static int read(Counter counter) {
        return counter.count;
    }

    static final class Counter {
        int count = 1;
        String label = "counter";
    }
}
