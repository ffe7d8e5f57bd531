package org.profq.bench.real;

import java.util.HashMap;
import java.util.Map;

/**
 * A profile as weights per method, keyed {@code package.Class.method} (nested classes with
 * {@code $}, overloads merged: async-profiler's collapsed stacks carry no descriptors).
 */
final class MethodProfile {
    private final Map<String, Double> weights = new HashMap<>();

    void add(String method, double weight) {
        weights.merge(method, weight, Double::sum);
    }

    Map<String, Double> weights() {
        return weights;
    }

    double total() {
        return weights.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** The same profile with only the program's own methods, as shares of their total. */
    MethodProfile normalisedOver(Program program) {
        MethodProfile own = new MethodProfile();
        weights.forEach((method, weight) -> {
            if (program.isOwn(method) && !isSynthetic(method)) {
                own.add(method, weight);
            }
        });
        double total = own.total();
        MethodProfile shares = new MethodProfile();
        own.weights.forEach((method, weight) -> shares.add(method, total == 0 ? 0 : weight / total));
        return shares;
    }

    /**
     * The overlap percentage of djprof (Pearce et al., §7.4.1): the sum over methods of the
     * smaller of the two shares, so 100 means the same distribution and 0 nothing in common.
     * Both profiles must be normalised.
     */
    static double overlapPercent(MethodProfile a, MethodProfile b) {
        double sum = 0;
        for (Map.Entry<String, Double> entry : a.weights.entrySet()) {
            sum += Math.min(entry.getValue(), b.weights.getOrDefault(entry.getKey(), 0.0));
        }
        return 100 * sum;
    }

    /**
     * The samples of two runs as one profile (null when either is missing): a reference less
     * swayed by one sampled run's luck, to compare a profile with.
     */
    static MethodProfile merged(MethodProfile a, MethodProfile b) {
        if (a == null || b == null) {
            return null;
        }
        MethodProfile both = new MethodProfile();
        a.weights.forEach(both::add);
        b.weights.forEach(both::add);
        return both;
    }

    /** Lambda proxies and other hidden classes: never woven, not the program's own methods. */
    static boolean isSynthetic(String method) {
        return method.contains("$$Lambda") || method.contains("/0x") || method.contains(".0x");
    }

    /** The methods with the largest weights, for the notes. */
    String top(int n) {
        StringBuilder text = new StringBuilder();
        weights.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed()).limit(n)
                .forEach(e -> text.append(text.length() == 0 ? "" : ", ").append(e.getKey())
                        .append(String.format(" %.1f%%", 100 * e.getValue())));
        return text.toString();
    }
}
