package profq.samples;

/**
 * Arrays made by {@code clone()}, with no {@code new}, all in {@code copy}: 50 copies of an
 * {@code int[10]}, 20 of a {@code String[3]} held as an {@code Object[]}, and 5 of a
 * {@code long[2][4]}, whose copy is a new outer array sharing the two rows, and 10 of a
 * {@code Copyable[2]} (a class of this package, nested). Beside them the four originals and one
 * {@code Copyable}, whose own {@code clone()} is no array's.
 */
public final class ArrayCopies {
    static final int INT_COPIES = 50;
    static final int STRING_COPIES = 20;
    static final int MATRIX_COPIES = 5;
    static final int NESTED_COPIES = 10;

    public static void main(String[] args) {
        System.out.println("checksum " + copy());
    }

    static long copy() {
        int[] ints = new int[10];
        Object[] strings = new String[] {"a", "b", "c"};
        long[][] matrix = new long[2][4];
        long checksum = 0;
        for (int i = 0; i < INT_COPIES; i++) {
            int[] copy = ints.clone();
            copy[i % 10] = i;
            checksum += copy[i % 10];
        }
        for (int i = 0; i < STRING_COPIES; i++) {
            Object[] copy = strings.clone();
            checksum += copy.length;
        }
        for (int i = 0; i < MATRIX_COPIES; i++) {
            long[][] copy = matrix.clone();
            checksum += copy[1].length;
        }
        Copyable[] copyables = new Copyable[2];
        for (int i = 0; i < NESTED_COPIES; i++) {
            Copyable[] copy = copyables.clone();
            checksum += copy.length;
        }
        checksum += new Copyable().clone().value;
        return checksum;
    }

    /** An object's {@code clone()}: not an array's copy, and not recorded as one. */
    static final class Copyable implements Cloneable {
        final int value = 7;

        @Override
        public Copyable clone() {
            try {
                return (Copyable) super.clone();
            } catch (CloneNotSupportedException e) {
                throw new AssertionError(e);
            }
        }
    }

    private ArrayCopies() {
    }
}
