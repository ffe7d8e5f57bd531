package org.profq.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One line of a rules file: a kind of count, a glob over its subjects ({@code *} any text,
 * {@code ?} one character; a site's glob may name its method alone), and a limit, either on the current run's counts together (a budget:
 * {@code objects com.example.Parser.* <= 1000}) or on how much each one may grow over the
 * baseline ({@code calls * grows <= 10%}, or {@code grows <= 3} for an absolute number). A budget
 * of calls may be kept to the calls made inside a call of a method another glob names, a call
 * forbidden in one place ({@code calls a.Grammar.compile(*) inside a.Server.handle(*) <= 0});
 * {@code insideGlob} is that glob, or null.
 */
public record CheckRule(int line, String text, CountKind kind, String glob, Limit limit, long amount, String insideGlob) implements Rule {

    /** What the amount limits. */
    public enum Limit {
        /** The sum of the matching counts in the current run. */
        BUDGET,
        /** Each matching count's growth, in counts. */
        GROWTH,
        /** Each matching count's growth, in percent of its baseline count (a count new in the current run grew by more than any). */
        GROWTH_PERCENT
    }

    /** What breaking a rule looks like: the rule and why, in one line. */
    public record Break(Rule rule, String why) {
    }

    /** Whether {@code subject} is one of the rule's ({@link SubjectGlob}). */
    boolean matches(String subject) {
        return new SubjectGlob(kind, glob).matches(subject);
    }

    /** How the current run breaks this rule, compared with the baseline: one break per subject that grew too much, or one for a budget. */
    List<Break> breaks(ExactCounts baseline, ExactCounts current) {
        List<Break> breaks = new ArrayList<>();
        if (insideGlob != null) {
            long total = current.callsInside(new SubjectGlob(kind, glob), new SubjectGlob(kind, insideGlob));
            if (total > amount) {
                breaks.add(new Break(this, String.format("%,d calls of %s inside %s, more than %,d", total, glob, insideGlob, amount)));
            }
            return breaks;
        }
        Map<String, Long> now = current.of(kind);
        if (limit == Limit.BUDGET) {
            long total = now.entrySet().stream().filter(count -> matches(count.getKey())).mapToLong(Map.Entry::getValue).sum();
            if (total > amount) {
                String counted = kind == CountKind.CONTEXTS ? "calls in" : kind.word() + " at";
                breaks.add(new Break(this, String.format("%,d %s %s, more than %,d", total, counted, glob, amount)));
            }
            return breaks;
        }
        Map<String, Long> before = baseline.of(kind);
        now.forEach((subject, count) -> {
            long was = before.getOrDefault(subject, 0L);
            if (matches(subject) && grewTooMuch(was, count)) {
                breaks.add(new Break(this, String.format("%s of %s, %,d -> %,d", kind.word(), subject, was, count)));
            }
        });
        return breaks;
    }

    private boolean grewTooMuch(long was, long now) {
        if (now <= was) {
            return false;
        }
        if (limit == Limit.GROWTH) {
            return now - was > amount;
        }
        return was == 0 || (now - was) * 100 > amount * was;
    }
}
