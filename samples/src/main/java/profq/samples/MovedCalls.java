package profq.samples;

/**
 * One method called from two callers, for comparing two runs by calling context: {@code
 * MovedCalls <from read> <from write>} (default 3 2): {@code read} calls {@code check} as many
 * times as the first argument says, {@code write} as many as the second. {@code MovedCalls 2 3}
 * against {@code MovedCalls 3 2} moves one call of {@code check} from read to write: every method's
 * calls stay the same (check 5, read 1, write 1), only the calls per calling context change.
 */
public final class MovedCalls {
    private static int checked;

    public static void main(String[] args) {
        int fromRead = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int fromWrite = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        read(fromRead);
        write(fromWrite);
        System.out.println(checked + " checks");
    }

    static void read(int checks) {
        for (int i = 0; i < checks; i++) {
            check(i);
        }
    }

    static void write(int checks) {
        for (int i = 0; i < checks; i++) {
            check(i);
        }
    }

    static void check(int value) {
        if (value >= 0) {
            checked++;
        }
    }

    private MovedCalls() {
    }
}
