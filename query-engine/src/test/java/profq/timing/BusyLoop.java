package profq.timing;

/**
 * A program to record for {@code org.profq.engine.timing.QueryTimings}: {@code n} iterations, each a call of
 * {@code step} that calls {@code leaf} twice and allocates one {@code Cell}: 4 calls' entries and exits
 * plus one allocation, about 7 events per iteration.
 */
public final class BusyLoop {
    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        long sum = 0;
        for (long i = 0; i < n; i++) {
            sum += step(i);
        }
        System.out.println(sum);
    }

    static long step(long i) {
        return leaf(i) + leaf(i + 1) + new Cell(i).value;
    }

    static long leaf(long i) {
        return i & 7;
    }

    static final class Cell {
        final long value;

        Cell(long value) {
            this.value = value;
        }
    }
}
