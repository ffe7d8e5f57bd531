package profq.samples;

/**
 * Many calls, for queries that must not hold the big tables: {@code ManyEvents <iterations>}.
 * Each iteration calls {@code work}, which constructs an {@link Item} and passes it to
 * {@code inner}, which reads its field; every 10,000th {@code work} calls {@code fail}
 * instead, which throws an {@link IllegalStateException} that {@code work} catches. So
 * {@code ManyEvents 25000000} makes 74,997,501 calls (main; 25,000,000 of work; 24,997,500 of
 * Item's constructor and of inner; 2,500 of fail) and 25,000,000 allocations. Without an
 * argument it makes 300,000 iterations.
 */
public final class ManyEvents {
    static final int THROW_EVERY = 10_000;

    public static void main(String[] args) {
        long iterations = args.length == 0 ? 300_000 : Long.parseLong(args[0]);
        long sum = 0;
        for (long i = 0; i < iterations; i++) {
            sum += work(i);
        }
        System.out.println(sum);
    }

    static long work(long i) {
        if (i % THROW_EVERY == 0) {
            try {
                fail();
            } catch (IllegalStateException expected) {
                return 1;
            }
        }
        return inner(new Item(i));
    }

    static long inner(Item item) {
        return item.value & 7;
    }

    static void fail() {
        throw new IllegalStateException("every " + THROW_EVERY + "th");
    }

    static final class Item {
        final long value;

        Item(long value) {
            this.value = value;
        }
    }

    private ManyEvents() {
    }
}
