package profq.samples;

import java.util.ArrayList;
import java.util.List;

/**
 * A small calculator run: {@code square} is called {@link #SQUARES} times (on 1..100), and
 * each result is kept in a {@code Result} that is read back twice, so a recording with
 * values, uses and deaths has joins with known answers: 100 {@code params} rows of
 * {@code square} (one argument each, a static method has no receiver), each joined with one
 * call of {@code square}; 100 {@code Result}s, each read twice ({@code sum} and
 * {@code largest}); and after every tenth square a {@code Scratch} that nothing ever reads, so
 * that among the objects' ids, in allocation order, some have no use at all.
 */
public final class Calc {
    static final int SQUARES = 100;

    public static void main(String[] args) {
        List<Result> results = new ArrayList<>();
        for (int i = 1; i <= SQUARES; i++) {
            results.add(new Result(square(i)));
            if (i % 10 == 0) {
                new Scratch();
            }
        }
        System.out.println("sum of squares " + sum(results) + ", largest " + largest(results));
    }

    static long square(long x) {
        return x * x;
    }

    static long sum(List<Result> results) {
        long sum = 0;
        for (Result result : results) {
            sum += result.value;
        }
        return sum;
    }

    static long largest(List<Result> results) {
        long largest = 0;
        for (Result result : results) {
            largest = Math.max(largest, result.value);
        }
        return largest;
    }

    /** An object made and dropped at once: it dies without a use. */
    static final class Scratch {
    }

    /** One square, kept until the end of the run. */
    static final class Result {
        final long value;

        Result(long value) {
            this.value = value;
        }
    }
}
