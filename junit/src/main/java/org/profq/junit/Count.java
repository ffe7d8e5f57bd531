package org.profq.junit;

import java.util.Map;
import java.util.SortedMap;

import org.opentest4j.AssertionFailedError;
import org.profq.check.CountKind;
import org.profq.check.SubjectGlob;

/**
 * The sum of a test window's exact counts of one kind at the subjects a glob names, to assert on.
 * A failed assertion names the glob, the sum, the limit, and every count that makes up the sum.
 */
public final class Count {
    private final SubjectGlob glob;
    /** What is counted, for messages: {@code objects allocated at a.B.*}. */
    private final String description;
    private final SortedMap<String, Long> counts;
    private final long total;
    /** The window, for {@link #inside}; null once inside. */
    private final TestWindow window;

    Count(SubjectGlob glob, SortedMap<String, Long> counts, TestWindow window) {
        this(glob, glob.kind().meaningOf(glob.glob()), counts, window);
    }

    private Count(SubjectGlob glob, String description, SortedMap<String, Long> counts, TestWindow window) {
        this.glob = glob;
        this.description = description;
        this.counts = counts;
        this.total = counts.values().stream().mapToLong(Long::longValue).sum();
        this.window = window;
    }

    /**
     * Of these calls, those made inside a call of a method {@code callerGlob} names (its callee, or
     * deeper): {@code profile.callsOf("a.Patterns.compile(*)").inside("a.Server.handle(*)").isZero()}.
     * Its counts are by calling context, from the outermost such call down.
     */
    public Count inside(String callerGlob) {
        if (window == null || glob.kind() != CountKind.CALLS) {
            throw new IllegalStateException("inside(...) takes the calls of callsOf(...), once");
        }
        SubjectGlob caller = new SubjectGlob(CountKind.CALLS, callerGlob);
        return new Count(glob, description + " inside " + callerGlob, window.callsInside(glob, caller), null);
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
        StringBuilder message = new StringBuilder("profq: ").append(description).append(": ").append(why);
        if (!counts.isEmpty()) {
            message.append(':');
            int width = String.format("%,d", counts.values().stream().mapToLong(Long::longValue).max().orElse(0)).length();
            counts.forEach((subject, count) -> message.append(String.format("%n  %," + width + "d  %s", count, subject)));
        }
        return new AssertionFailedError(message.toString(), expected, total);
    }
}
