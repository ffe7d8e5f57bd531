package profq.samples;

/**
 * Three allocation sites in a fixed cycle: 3000 rounds of one {@code Red}, one {@code Green}
 * and one {@code Blue}, nothing else allocated in the loop. With a per-thread sampling period
 * that is a multiple of 3, every tracked object would come from one site.
 */
public final class AllocationCycle {
    public static void main(String[] args) {
        long sum = 0;
        for (int round = 0; round < 3000; round++) {
            sum += new Red(round).value + new Green(round).value + new Blue(round).value;
        }
        System.out.println("sum " + sum);
    }

    static final class Red {
        final int value;

        Red(int value) {
            this.value = value;
        }
    }

    static final class Green {
        final int value;

        Green(int value) {
            this.value = value * 2;
        }
    }

    static final class Blue {
        final int value;

        Blue(int value) {
            this.value = value * 3;
        }
    }
}
