package profq.samples;

/**
 * Calls: {@code main} calls {@code sum(10)}, which recurses down to {@code sum(0)}: 11 calls of
 * {@code sum}, nested 11 deep under {@code main} (main at depth 0, sum at depths 1..11).
 */
public final class Recursion {
    public static void main(String[] args) {
        System.out.println("sum(10) = " + sum(10));
    }

    static int sum(int n) {
        return n == 0 ? 0 : n + sum(n - 1);
    }
}
