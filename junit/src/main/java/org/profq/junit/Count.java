package org.profq.junit;

import java.util.Map;
import java.util.SortedMap;

import org.opentest4j.AssertionFailedError;
import org.profq.check.SubjectGlob;

/**
 * The sum of a test window's exact counts of one kind at the subjects a glob names, to assert on.
 * A failed assertion names the glob, the sum, the limit, and every count that makes up the sum.
 */
public final class Count {
    private final SubjectGlob glob;
    private final SortedMap<String, Long> counts;
    private final long total;

    Count(SubjectGlob glob, SortedMap<String, Long> counts) {
        this.glob = glob;
        this.counts = counts;
        this.total = counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The sum. */
    public long value() {
        return total;
    }

    /** The counts that make up the sum, by subject. */
    public Map<String, Long> bySubject() {
        return counts;
    }

    /** Fails unless the sum is at most {@code limit}: a budget. */
    public Count isAtMost(long limit) {
        if (total > limit) {
            throw failure(String.format("%,d, more than %,d", total, limit), limit);
        }
        return this;
    }

    /** Fails unless the sum is exactly {@code expected}. */
    public Count isEqualTo(long expected) {
        if (total != expected) {
            throw failure(String.format("%,d, not %,d", total, expected), expected);
        }
        return this;
    }

    /** Fails unless there is none: no call, no allocation, no throw. */
    public Count isZero() {
        return isEqualTo(0);
    }

    private AssertionFailedError failure(String why, long expected) {
        StringBuilder message = new StringBuilder("profq: ").append(glob.kind().meaning()
                .replace("a method", glob.glob()).replace("a site", glob.glob())).append(": ").append(why);
        if (!counts.isEmpty()) {
            message.append(':');
            int width = String.format("%,d", counts.values().stream().mapToLong(Long::longValue).max().orElse(0)).length();
            counts.forEach((subject, count) -> message.append(String.format("%n  %," + width + "d  %s", count, subject)));
        }
        return new AssertionFailedError(message.toString(), expected, total);
    }
}
