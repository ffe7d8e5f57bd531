package org.profq.cli.export;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A recording's calls as each thread's timeline, for the formats that draw one: a thread at a
 * time, every call opened at its start and closed at its end, a call closed before the first
 * call outside it opens, and no time before the one given last. The kept calls are read in the
 * order the engine gives them, held per thread ({@link ThreadCalls}, 40 bytes a call), and walked a
 * thread at a time in entry order (a thread's call ids rise as its calls begin): memory grows with
 * the calls a window keeps, which is what a big recording's windows are for.
 *
 * <p>A {@link Window} keeps the calls that overlap a time range, last at least a duration, or ran
 * on named threads. Each of those keeps a kept call's callers too (a caller overlaps whatever
 * its callees overlap, and lasts at least as long), so what is kept still nests. A root (a glob
 * over method signatures) keeps, of those, the calls made inside a call of a matching method, and
 * their callers: a caller is held back until a call of a root method opens under it.
 *
 * <p>{@link TimelineEvents} (allocations, throws) are given between the opens and closes, each
 * when its own call is the innermost one open, at its time; with a root, those of the calls
 * inside a root's call.
 */
public final class CallTimeline {
    /** What a timeline is written into. */
    public interface Visitor {
        /** A thread's timeline begins, with its profq id and name. */
        void threadStarts(long threadId, String name) throws IOException;

        void opens(long methodId, long nanos) throws IOException;

        void closes(long methodId, long nanos) throws IOException;

        /** An allocation or throw of the thread's, at {@code nanos}, inside the call open last. */
        default void instant(TimelineEvents.Event event, long nanos) throws IOException {
        }

        /** The thread's timeline ends, its last time given. */
        void threadEnds(long lastNanos) throws IOException;
    }

    /**
     * Which calls a timeline keeps: those overlapping [from, to], lasting at least minDuration, on
     * these threads (none: all), and, when root is not null, inside a call of a method whose
     * signature matches that glob ({@code *} any text, {@code ?} one character).
     */
    public record Window(long fromNanos, long toNanos, long minDurationNanos, List<String> threadNames, String root) {
        public static final Window ALL = new Window(Long.MIN_VALUE, Long.MAX_VALUE, 0, List.of(), null);

        public Window {
            threadNames = List.copyOf(threadNames);
        }
    }

    /** A call open on the thread's timeline. */
    private static final class OpenCall {
        final long callId;
        final long methodId;
        final long startNanos;
        final long endNanos;
        final boolean insideRoot;
        boolean shown;

        OpenCall(long callId, long methodId, long startNanos, long endNanos, boolean insideRoot) {
            this.callId = callId;
            this.methodId = methodId;
            this.startNanos = startNanos;
            this.endNanos = endNanos;
            this.insideRoot = insideRoot;
        }
    }

    private final Visitor visitor;
    private final TimelineEvents events;
    private final boolean everything;
    /** The root's methods; null without a root. */
    private final Set<Long> rootMethods;
    private final Deque<OpenCall> open = new ArrayDeque<>();
    private long thread;
    private long lastOpened;
    private long last = Long.MIN_VALUE;
    private long calls;

    private CallTimeline(Visitor visitor, TimelineEvents events, boolean everything, Set<Long> rootMethods) {
        this.visitor = visitor;
        this.events = events;
        this.everything = everything;
        this.rootMethods = rootMethods;
    }

    /** Walks the default schema's calls that {@code window} keeps into {@code visitor}; returns how many. */
    public static long walk(Connection connection, Window window, Visitor visitor) throws SQLException, IOException {
        return walk(connection, window, null, visitor);
    }

    /** The same, with {@code events} (null: none) given between the calls. */
    static long walk(Connection connection, Window window, TimelineEvents events, Visitor visitor) throws SQLException, IOException {
        CallTimeline timeline = new CallTimeline(visitor, events, window.equals(Window.ALL),
                window.root() == null ? null : methodsMatching(connection, window.root()));
        // Read in the order the engine gives (no ORDER BY: its sort would hold every row on the heap), a buffer per thread.
        Map<Long, ThreadCalls> threads = new TreeMap<>();
        Map<Long, String> threadNames = new HashMap<>();
        List<Object> values = new ArrayList<>();
        String sql = "SELECT c.thread_id, t.name, c.call_id, c.parent_call_id, c.method_id, c.start_ns, c.end_ns"
                + " FROM calls c JOIN threads t ON t.thread_id = c.thread_id" + keeps(window, values);
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.size(); i++) {
                statement.setObject(i + 1, values.get(i));
            }
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    long thread = rows.getLong(1);
                    ThreadCalls calls = threads.get(thread);
                    if (calls == null) {
                        calls = new ThreadCalls();
                        threads.put(thread, calls);
                        threadNames.put(thread, rows.getString(2));
                    }
                    // parent_call_id is NULL (0) for a thread's outermost calls
                    calls.add(rows.getLong(3), rows.getLong(4), rows.getLong(5), rows.getLong(6), rows.getLong(7));
                }
            }
        }
        for (Iterator<Map.Entry<Long, ThreadCalls>> each = threads.entrySet().iterator(); each.hasNext(); ) {
            Map.Entry<Long, ThreadCalls> thread = each.next();
            ThreadCalls calls = thread.getValue();
            calls.sortByCallId();
            timeline.threadStarts(thread.getKey(), threadNames.get(thread.getKey()));
            for (int i = 0; i < calls.size(); i++) {
                timeline.call(calls.callId(i), calls.parentCallId(i), calls.methodId(i), calls.startNanos(i), calls.endNanos(i));
            }
            timeline.threadEnds();
            each.remove(); // its memory is free for the next thread's sort
        }
        return timeline.calls;
    }

    /** The WHERE clause that keeps the calls {@code c} (of threads {@code t}) in {@code window}, its values added to {@code values}. */
    static String keeps(Window window, List<Object> values) {
        values.addAll(List.of(window.fromNanos(), window.toNanos(), window.minDurationNanos()));
        StringBuilder where = new StringBuilder(" WHERE c.end_ns >= ? AND c.start_ns <= ? AND c.duration_ns >= ?");
        if (!window.threadNames().isEmpty()) {
            where.append(" AND t.name IN (").append(String.join(", ", window.threadNames().stream().map(name -> "?").toList())).append(')');
            values.addAll(window.threadNames());
        }
        return where.toString();
    }

    /** The ids of the methods whose signatures match {@code glob}. */
    static Set<Long> methodsMatching(Connection connection, String glob) throws SQLException {
        Pattern pattern = globPattern(glob);
        Set<Long> matching = new HashSet<>();
        try (Statement statement = connection.createStatement(); ResultSet methods = statement.executeQuery("SELECT method_id, signature FROM methods")) {
            while (methods.next()) {
                if (pattern.matcher(methods.getString(2)).matches()) {
                    matching.add(methods.getLong(1));
                }
            }
        }
        return matching;
    }

    /** {@code glob} as a regular expression: {@code *} any text, {@code ?} one character, the rest literal. */
    static Pattern globPattern(String glob) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : glob.toCharArray()) {
            if (c == '*' || c == '?') {
                if (literal.length() > 0) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private void threadStarts(long threadId, String name) throws IOException, SQLException {
        thread = threadId;
        last = Long.MIN_VALUE;
        lastOpened = 0;
        // Instants of threads that made no kept call are not drawn.
        while (events != null && events.peek() != null && events.peek().threadId() < threadId) {
            events.take();
        }
        visitor.threadStarts(threadId, name);
    }

    private void call(long callId, long parentCallId, long methodId, long startNanos, long endNanos) throws IOException, SQLException {
        while (!open.isEmpty() && open.peek().callId != parentCallId) {
            close();
        }
        instantsUntil(startNanos);
        boolean insideRoot = rootMethods == null || rootMethods.contains(methodId) || (!open.isEmpty() && open.peek().insideRoot);
        OpenCall call = new OpenCall(callId, methodId, startNanos, endNanos, insideRoot);
        open.push(call);
        lastOpened = callId;
        if (insideRoot) {
            // Its callers held back so far are shown first, outermost first: they began before it, after anything shown.
            Iterator<OpenCall> outermostFirst = open.descendingIterator();
            while (outermostFirst.hasNext()) {
                OpenCall caller = outermostFirst.next();
                if (!caller.shown) {
                    caller.shown = true;
                    visitor.opens(caller.methodId, at(caller.startNanos));
                    calls++;
                }
            }
        }
    }

    private void threadEnds() throws IOException, SQLException {
        while (!open.isEmpty()) {
            close();
        }
        instantsUntil(Long.MAX_VALUE);
        visitor.threadEnds(last);
    }

    private void close() throws IOException, SQLException {
        instantsUntil(open.peek().endNanos);
        OpenCall call = open.pop();
        if (call.shown) {
            visitor.closes(call.methodId, at(call.endNanos));
        }
    }

    /**
     * Gives the thread's instants up to {@code nanos}, before what happens then: an instant at that
     * very time waits while its call is not the innermost one open (the next call may be its call,
     * or it may belong to the call about to close). An instant whose call has not opened yet waits
     * for it. One whose call is not kept (not open at all, or outside the root) is not drawn.
     */
    private void instantsUntil(long nanos) throws IOException, SQLException {
        while (events != null && events.peek() != null && events.peek().threadId() == thread) {
            TimelineEvents.Event event = events.peek();
            long innermost = open.isEmpty() ? 0 : open.peek().callId;
            if (nanos != Long.MAX_VALUE && (event.callId() > lastOpened || event.nanos() > nanos
                    || event.nanos() == nanos && event.callId() != innermost)) {
                return;
            }
            events.take();
            if (event.callId() == 0 ? everything : drawn(event.callId())) {
                visitor.instant(event, at(event.nanos()));
            }
        }
    }

    /** Whether the instants of call {@code callId} are drawn: it is open, and inside the root if there is one. */
    private boolean drawn(long callId) {
        for (OpenCall call : open) {
            if (call.callId == callId) {
                return call.insideRoot;
            }
        }
        return false;
    }

    /** {@code nanos}, or the time given last if that is later: a format reads a thread's events in order. */
    private long at(long nanos) {
        last = Math.max(nanos, last);
        return last;
    }
}
