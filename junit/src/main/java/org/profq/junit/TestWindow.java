package org.profq.junit;

import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import org.profq.check.ExactCounts;
import org.profq.check.SubjectGlob;

/**
 * One test's window of the recording: two events on the test's thread, {@code junit_test} with
 * {@code starts} true, then false (a user's SQL finds them in {@code event_junit_test}), and the
 * exact counts of the calls, allocations and throws between them, read once the window ended: of
 * the test's thread, and of the threads made after the window started that ended before it ended
 * (the threads the test started, and those they started). A thread still running when the test
 * ends (a pool's, kept for later) is left out: its events so far are not all in the recording,
 * and its later work would not be the test's.
 */
final class TestWindow {
    /** The user event that marks windows: the table {@code event_junit_test}. */
    static final String EVENT = "junit_test";
    static final String WINDOW_COLUMN = "window";
    static final String STARTS_COLUMN = "starts";
    /** The start marker's Java thread id (Thread.getId) below which no thread is the window's: any made later is. */
    static final String THREADS_FROM_COLUMN = "threads_from";
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final String test;
    private boolean started;
    private boolean ended;
    private WindowReader.WindowCounts counts;
    private WindowReader reader;
    private long threadsFrom;
    /** The threads made in the window that were still running when it ended, by Java thread id. */
    private Set<Long> stillRunning = Set.of();

    TestWindow(String test) {
        this.test = test;
    }

    /** Starts the window on the calling thread, the test's. */
    synchronized void start() {
        if (!started) {
            threadsFrom = new Thread((Runnable) null).getId(); // ids are handed out in order: every thread made from now on has a larger one
            org.profq.api.Profq.event(EVENT).put(WINDOW_COLUMN, id).put(STARTS_COLUMN, true).put(THREADS_FROM_COLUMN, threadsFrom)
                    .put("test", test).emit();
            // the marker is in the recording before any thread the test starts writes its first events there
            org.profq.api.Profq.flush();
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
            counts = reader.counts(id, stillRunning);
        }
        return counts;
    }

    /** Ends the window if it is open, not reading it: the test failed before it asked anything. */
    synchronized void end() {
        if (started && !ended) {
            ended = true;
            stillRunning = Thread.getAllStackTraces().keySet().stream().map(Thread::getId).filter(thread -> thread > threadsFrom)
                    .collect(Collectors.toUnmodifiableSet());
            org.profq.api.Profq.event(EVENT).put(WINDOW_COLUMN, id).put(STARTS_COLUMN, false).put("test", test).emit();
            // the reader in this JVM sees the window's events now, not after the flush interval: this thread's, and the last
            // ones of the threads that ended, written before the end marker
            org.profq.api.Profq.flush();
        }
    }
}
