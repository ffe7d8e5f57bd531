package profq.corpus.app;

import java.util.List;

import profq.corpus.lib.Primes;

/** A JPMS application on the module path: two named modules, launched with --module. */
public final class Main {
    public static void main(String[] args) {
        List<Integer> primes = Primes.below(2000);
        System.out.println("module " + Main.class.getModule().getName() + " reads " + Primes.class.getModule().getName());
        System.out.println("primes below 2000: " + primes.size() + ", last " + primes.get(primes.size() - 1));
    }
}
