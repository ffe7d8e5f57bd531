package profq.bench.target;

/**
 * What the value-profile benchmark weaves: methods with 0, 1 and 3 object parameters (chosen
 * with {@code values=*ValueWorkload.*Object*}), one that is not chosen, and a field write. Each is
 * as cheap as it can be, so that what is measured is the join points' cost.
 */
public final class ValueWorkload {
    /** A mutable object: a followed one's writes are recorded. */
    public static final class Cell {
        public int count;
    }

    /** Chosen, no object parameter: one int. */
    public static int noObjects(int x) {
        return x * 31 + 17;
    }

    /** Chosen, one object parameter. */
    public static int oneObject(Cell a) {
        return a == null ? 0 : 1;
    }

    /** Chosen, three object parameters. */
    public static int threeObjects(Cell a, Cell b, Cell c) {
        return a == b ? 0 : c == null ? 1 : 2;
    }

    /** Not chosen: what every other method of a woven class pays under values=. */
    public static int unchosen(int x) {
        return x * 31 + 17;
    }

    /** One field write (the method is not chosen). */
    public static void write(Cell cell, int x) {
        cell.count = x;
    }

    private ValueWorkload() {
    }
}
