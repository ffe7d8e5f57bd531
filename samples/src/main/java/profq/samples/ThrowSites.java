package profq.samples;

/**
 * Three throw sites with known counts: {@code failing} throws an IllegalStateException out
 * of itself 3 times; {@code recovering} throws and catches an IllegalArgumentException itself
 * 5 times; {@code parsing} catches the NumberFormatException that the JDK's
 * {@code Integer.parseInt} throws 2 times. Each exception is one throw, wherever it then goes.
 */
public final class ThrowSites {
    public static void main(String[] args) {
        int caught = 0;
        for (int i = 0; i < 3; i++) {
            try {
                failing(i);
            } catch (IllegalStateException e) {
                caught++;
            }
        }
        for (int i = 0; i < 5; i++) {
            caught += recovering(i);
        }
        for (int i = 0; i < 2; i++) {
            caught += parsing("x" + i);
        }
        System.out.println("caught " + caught);
    }

    static void failing(int i) {
        throw new IllegalStateException("failing " + i);
    }

    static int recovering(int i) {
        try {
            throw new IllegalArgumentException("recovering " + i);
        } catch (IllegalArgumentException e) {
            return 1;
        }
    }

    static int parsing(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
