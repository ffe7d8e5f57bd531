package profq.corpus.lib;

import java.util.ArrayList;
import java.util.List;

/** A named module's exported API. */
public final class Primes {
    public static List<Integer> below(int limit) {
        List<Integer> primes = new ArrayList<>();
        for (int n = 2; n < limit; n++) {
            boolean prime = true;
            for (int d = 2; d * d <= n && prime; d++) {
                prime = n % d != 0;
            }
            if (prime) {
                primes.add(n);
            }
        }
        return primes;
    }
}
