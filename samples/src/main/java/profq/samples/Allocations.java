package profq.samples;

/**
 * Allocations with known counts, all in {@code allocate}: 1,000 {@code Point}s, 100
 * {@code int[10]}, and 10 {@code long[3][4]} (one creation each that makes four arrays).
 */
public final class Allocations {
    static final int POINTS = 1_000;
    static final int INT_ARRAYS = 100;
    static final int LONG_MATRICES = 10;

    public static void main(String[] args) {
        System.out.println("checksum " + allocate());
    }

    static long allocate() {
        long checksum = 0;
        for (int i = 0; i < POINTS; i++) {
            Point point = new Point(i, -i);
            checksum += point.x;
        }
        for (int i = 0; i < INT_ARRAYS; i++) {
            int[] ints = new int[10];
            ints[i % 10] = i;
            checksum += ints.length;
        }
        for (int i = 0; i < LONG_MATRICES; i++) {
            long[][] matrix = new long[3][4];
            matrix[2][3] = i;
            checksum += matrix[2][3];
        }
        return checksum;
    }

    /** Two ints: a fixed, small shallow size. */
    static final class Point {
        final int x;
        final int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }
}
