package profq.corpus;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Lambdas, method references, capturing lambdas, streams and string concatenation through invokedynamic. */
public final class Lambdas {
    private final int offset;

    Lambdas(int offset) {
        this.offset = offset;
    }

    int shift(int x) {
        return x + offset;
    }

    public static void main(String[] args) {
        Lambdas shifter = new Lambdas(5);
        Function<Integer, Integer> shift = shifter::shift;
        Function<Integer, Integer> square = x -> x * x;
        BiFunction<Integer, Integer, Integer> add = Integer::sum;
        Supplier<List<String>> words = () -> List.of("delta", "alpha", "charlie", "bravo", "echo", "alpha");
        System.out.println("composed: " + shift.andThen(square).apply(3) + " " + add.apply(2, 40));
        Map<Integer, List<String>> byLength = words.get().stream().distinct().sorted()
                .collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.toList()));
        System.out.println(byLength);
        int total = IntStream.rangeClosed(1, 1000).filter(i -> i % 3 == 0 || i % 5 == 0).map(i -> shifter.shift(i)).sum();
        String who = "sum";
        System.out.println(who + " of multiples, shifted: " + total + " (" + byLength.size() + " lengths)");
        Runnable r = () -> System.out.println("a runnable from " + Lambdas.class.getSimpleName());
        r.run();
    }
}
