package org.profq.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Two runs' exact counts compared, kind by kind and subject by subject: every count that differs,
 * the ones that grew first. A count that grew (more calls of a method, more objects or bytes at a
 * site, more throws) breaks the default rule; one that shrank is shown, and breaks nothing.
 */
public record CountComparison(Set<CountKind> compared, List<Difference> differences, int countsCompared) {

    /** One count that differs: in the baseline and in the current run (0 where a run has no such subject). */
    public record Difference(CountKind kind, String subject, long baseline, long current) {
        public long change() {
            return current - baseline;
        }

        public boolean grew() {
            return current > baseline;
        }
    }

    /**
     * Compares the kinds both runs counted; an IllegalArgumentException if the baseline counted a
     * kind the current run did not (its recording left that event family out: nothing would be compared).
     */
    public static CountComparison of(ExactCounts baseline, ExactCounts current) {
        Set<CountKind> missing = EnumSet.noneOf(CountKind.class);
        missing.addAll(baseline.kinds());
        missing.removeAll(current.kinds());
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("the baseline counts " + words(missing) + ", which the current recording did not record;"
                    + " record it with the same --events as the baseline's");
        }
        Set<CountKind> compared = EnumSet.noneOf(CountKind.class);
        compared.addAll(baseline.kinds());
        List<Difference> differences = new ArrayList<>();
        int counts = 0;
        for (CountKind kind : compared) {
            Set<String> subjects = new TreeSet<>(baseline.of(kind).keySet());
            subjects.addAll(current.of(kind).keySet());
            counts += subjects.size();
            for (String subject : subjects) {
                long before = baseline.of(kind).getOrDefault(subject, 0L);
                long now = current.of(kind).getOrDefault(subject, 0L);
                if (before != now) {
                    differences.add(new Difference(kind, subject, before, now));
                }
            }
        }
        differences.sort(Comparator.comparing((Difference difference) -> !difference.grew())
                .thenComparing(Difference::kind).thenComparing(Difference::subject));
        return new CountComparison(compared, List.copyOf(differences), counts);
    }

    /** The differences that grew: each breaks the default rule. */
    public List<Difference> grown() {
        return differences.stream().filter(Difference::grew).toList();
    }

    static String words(Set<CountKind> kinds) {
        return String.join(", ", kinds.stream().map(CountKind::word).toList());
    }
}
