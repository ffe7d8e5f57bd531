package org.profq.junit;

import java.util.SortedMap;
import java.util.TreeMap;

import org.opentest4j.AssertionFailedError;
import org.profq.check.CountKind;
import org.profq.check.ExactCounts;
import org.profq.check.SubjectGlob;

/**
 * The exact counts of a test's window, as {@code profq check} counts a run's: a parameter of a
 * {@link Profq @Profq} test. The first question ends the window (so ask after the code under
 * test ran, on the test's thread); every later one reads the same counts.
 *
 * <pre>{@code
 * profile.allocationsAt("com.example.Parser.parse(*)").isAtMost(120);
 * profile.callsOf("com.example.Grammar.compile(*)").inside("com.example.Server.handle(*)").isZero();
 * }</pre>
 *
 * A glob matches subjects whole ({@code *} any text, {@code ?} one character); a site's glob may
 * name its method alone, as in {@code profq check}'s rules.
 */
public final class TestProfile {
    private final TestWindow window;

    TestProfile(TestWindow window) {
        this.window = window;
    }

    /** Calls of the methods the glob names ({@code com.example.Parser.parse(java.lang.String)}, {@code com.example.*}). */
    public Count callsOf(String glob) {
        return count(CountKind.CALLS, glob);
    }

    /**
     * Calls in the calling contexts the glob names: the signatures from the thread's outermost
     * recorded call down to the method, joined by ';' ({@code *;com.example.Server.handle(*);com.example.Parser.parse(*)}).
     */
    public Count callsIn(String contextGlob) {
        return count(CountKind.CONTEXTS, contextGlob);
    }

    /** Objects and arrays allocated at the sites the glob names (or at the sites in the methods it names). */
    public Count allocationsAt(String glob) {
        return count(CountKind.OBJECTS, glob);
    }

    /** Bytes allocated at the sites the glob names (or at the sites in the methods it names). */
    public Count bytesAt(String glob) {
        return count(CountKind.BYTES, glob);
    }

    /** Exceptions thrown at the sites the glob names (or in the methods it names); needs {@code events=...:exceptions}. */
    public Count throwsAt(String glob) {
        return count(CountKind.THROWS, glob);
    }

    /** Every count of the window, by kind and subject. */
    public ExactCounts counts() {
        return window.counts();
    }

    private Count count(CountKind kind, String glob) {
        ExactCounts counts = counts();
        if (!counts.kinds().contains(kind)) {
            throw new AssertionFailedError("profq: the recording does not count " + kind.word()
                    + ": add " + needs(kind) + " to the agent's events= option");
        }
        SubjectGlob subjects = new SubjectGlob(kind, glob);
        SortedMap<String, Long> matching = new TreeMap<>();
        counts.of(kind).forEach((subject, count) -> {
            if (subjects.matches(subject)) {
                matching.put(subject, count);
            }
        });
        return new Count(subjects, matching, kind == CountKind.CALLS ? window : null);
    }

    private static String needs(CountKind kind) {
        return switch (kind) {
            case CALLS, CONTEXTS -> "calls";
            case OBJECTS, BYTES -> "allocations";
            case THROWS -> "calls and exceptions";
        };
    }
}
