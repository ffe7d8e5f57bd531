package profq.samples;

/**
 * Abrupt end: {@code main} calls {@code quit}, which calls {@code System.exit(3)} with both
 * calls still open. The exit code is 3.
 */
public final class SystemExit {
    public static void main(String[] args) {
        System.out.println("before exit");
        quit(3);
        System.out.println("never printed");
    }

    static void quit(int status) {
        System.exit(status);
    }
}
