package profq.samples;

/**
 * Exit kinds: {@code outer} calls {@code middle} calls {@code inner}, which throws; the
 * exception passes through all three frames and {@code main} catches it and returns.
 */
public final class Exceptions {
    public static void main(String[] args) {
        try {
            outer();
        } catch (IllegalStateException e) {
            System.out.println("caught " + e.getMessage());
        }
    }

    static void outer() {
        middle();
    }

    static void middle() {
        inner();
    }

    static void inner() {
        throw new IllegalStateException("from inner");
    }
}
