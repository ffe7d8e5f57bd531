package org.profq.engine.testing;

import org.profq.recorder.LoggedMessages;

/**
 * The index builds and extensions of this JVM, and the aggregations answered from a table's
 * totals per calling context, counted from what the engine logs at DEBUG: for tests that check
 * an index is reused, extended rather than built again, or read from its totals.
 */
public final class IndexActivity {
    private static final LoggedMessages BUILDS = LoggedMessages.of("org.profq.engine.index", "built ");
    private static final LoggedMessages EXTENSIONS = LoggedMessages.of("org.profq.engine.index", "extended ");
    private static final LoggedMessages CONTEXT_TOTALS_ANSWERS = LoggedMessages.of("org.profq.engine.scan", "answered from the totals per calling context");

    private IndexActivity() {
    }

    /** How many times this JVM has built tables of an index (one pass over the events each). */
    public static long builds() {
        return BUILDS.count();
    }

    /** How many times this JVM has extended tables of an index (one pass over the events after those they held each). */
    public static long extensions() {
        return EXTENSIONS.count();
    }

    /** How many aggregations this JVM answered from a table's totals per calling context rather than a scan. */
    public static long contextTotalsAnswers() {
        return CONTEXT_TOTALS_ANSWERS.count();
    }
}
