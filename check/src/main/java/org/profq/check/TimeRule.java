package org.profq.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A tolerance on time: each method the glob names may spend at most {@code percent} more of its
 * own time (self time, callees excluded, so that the method named is the one whose code got
 * slower) than in the baseline, or {@code floorNanos}, whichever is more: {@code time * grows <=
 * 20%}, {@code time com.example.Parser.* grows <= 10% or 50ms}. The floor keeps the noise of short
 * times out (a method of a millisecond is easily 50 % slower in one run); by default it is
 * {@value #DEFAULT_FLOOR_MILLIS} ms. A method new in the current run may spend the floor.
 */
public record TimeRule(int line, String text, String glob, long percent, long floorNanos) implements Rule {
    public static final long DEFAULT_FLOOR_MILLIS = 10;

    /** A method slower than the rule allows. */
    public record Slower(String method, long baselineNanos, long currentNanos) {
    }

    /** The methods the rule names that are slower than it allows, in signature order. */
    public List<Slower> slower(Map<String, Long> baseline, Map<String, Long> current) {
        SubjectGlob methods = new SubjectGlob(CountKind.CALLS, glob);
        Set<String> names = new TreeSet<>(current.keySet());
        List<Slower> slower = new ArrayList<>();
        for (String method : names) {
            long was = baseline.getOrDefault(method, 0L);
            long now = current.get(method);
            long allowed = Math.max(was / 100 * percent + was % 100 * percent / 100, floorNanos);
            if (methods.matches(method) && now - was > allowed) {
                slower.add(new Slower(method, was, now));
            }
        }
        return slower;
    }

    /** The rule's breaks: one per method slower than it allows. */
    public List<CheckRule.Break> breaks(MethodTimes.Clock clock, Map<String, Long> baseline, Map<String, Long> current) {
        return slower(baseline, current).stream().map(method -> new CheckRule.Break(this, String.format("%s of %s, %s -> %s (+%s)",
                clock.meaning(), method.method(), millis(method.baselineNanos()), millis(method.currentNanos()),
                method.baselineNanos() == 0 ? "new" : String.format("%,d %%", (method.currentNanos() - method.baselineNanos()) * 100
                        / method.baselineNanos())))).toList();
    }

    /** What the rule allows, for a sentence: {@code 20 %, or 10 ms}. */
    public String tolerance() {
        return percent + " %, or " + millis(floorNanos);
    }

    static String millis(long nanos) {
        return String.format("%,d ms", Math.round(nanos / 1e6));
    }
}
