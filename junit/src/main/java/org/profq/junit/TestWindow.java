package org.profq.junit;

import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicLong;

import org.profq.check.ExactCounts;
import org.profq.check.SubjectGlob;

/**
 * One test's window of the recording: two events on the test's thread, {@code junit_test} with
 * {@code starts} true, then false (a user's SQL finds them in {@code event_junit_test}), and the
 * exact counts of that thread's calls, allocations and throws between them, read once the window ended.
 */
final class TestWindow {
    /** The user event that marks windows: the table {@code event_junit_test}. */
    static final String EVENT = "junit_test";
    static final String WINDOW_COLUMN = "window";
    static final String STARTS_COLUMN = "starts";
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final String test;
    private boolean started;
    private boolean ended;
    private WindowReader.WindowCounts counts;
    private WindowReader reader;

    TestWindow(String test) {
        this.test = test;
    }

    /** Starts the window on the calling thread, the test's. */
    synchronized void start() {
        if (!started) {
            mark(true);
            started = true;
        }
    }

    /**
     * Ends the window, the first time on the calling thread (the test's), and reads its counts:
     * the same counts every later time.
     */
    synchronized ExactCounts counts() {
        return read().counts();
    }

    /** Of the window's calls, those of methods {@code callee} names made inside a call of a method {@code caller} names, by path. */
    synchronized SortedMap<String, Long> callsInside(SubjectGlob callee, SubjectGlob caller) {
        WindowReader.WindowCounts window = read();
        return reader.callsInside(window.callsByContext(), callee, caller);
    }

    private WindowReader.WindowCounts read() {
        if (!started) {
            throw new IllegalStateException("the test's window has not started: ask its TestProfile inside the test method");
        }
        if (counts == null) {
            end();
            reader = WindowReader.of(org.profq.api.Profq.recordingDirectory().orElseThrow(ProfqExtension::noAgent));
            counts = reader.counts(id);
        }
        return counts;
    }

    /** Ends the window if it is open, not reading it: the test failed before it asked anything. */
    synchronized void end() {
        if (started && !ended) {
            ended = true;
            mark(false);
            org.profq.api.Profq.flush(); // the reader in this JVM sees the window's events now, not after the flush interval
        }
    }

    private void mark(boolean starts) {
        org.profq.api.Profq.event(EVENT).put(WINDOW_COLUMN, id).put(STARTS_COLUMN, starts).put("test", test).emit();
    }
}
