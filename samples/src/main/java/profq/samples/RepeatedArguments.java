package profq.samples;

/**
 * A method called 100 times with 3 distinct arguments in known proportions: {@code square(7)}
 * 50 times, {@code square(3)} 30 times and {@code square(9)} 20 times, interleaved.
 */
public final class RepeatedArguments {
    public static void main(String[] args) {
        long total = 0;
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 5; j++) {
                total += square(7);
            }
            for (int j = 0; j < 3; j++) {
                total += square(3);
            }
            for (int j = 0; j < 2; j++) {
                total += square(9);
            }
        }
        System.out.println("total " + total);
    }

    static int square(int x) {
        return x * x;
    }
}
