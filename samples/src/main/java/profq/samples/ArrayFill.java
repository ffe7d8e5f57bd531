package profq.samples;

/**
 * Uses that cannot be seen beside uses that can: {@code main} fills an {@code int[1000]} and
 * reads it back (AspectJ has no join point for array element reads and writes), and makes a
 * {@code Counter} that it uses, and one it never uses.
 */
public final class ArrayFill {
    public static void main(String[] args) {
        int[] squares = new int[1000];
        for (int i = 0; i < squares.length; i++) {
            squares[i] = i * i;
        }
        Counter counter = new Counter();
        for (int square : squares) {
            counter.add(square);
        }
        new Counter(); // never used
        System.out.println("sum " + counter.total);
    }

    static final class Counter {
        long total;

        void add(int value) {
            total += value;
        }
    }
}
