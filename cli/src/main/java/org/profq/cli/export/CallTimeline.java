package org.profq.cli.export;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * A recording's calls as each thread's timeline, for the formats that draw one: a thread at a
 * time, every call opened at its start and closed at its end, a call closed before the first
 * call outside it opens, and no time before the one given last. Calls stream in entry order
 * (a thread's call ids rise as its calls begin); only one thread's open calls are held.
 *
 * <p>A {@link Window} keeps the calls that overlap a time range, last at least a duration, or ran
 * on named threads. Each of those keeps a kept call's callers too (a caller overlaps whatever
 * its callees overlap, and lasts at least as long), so what is kept still nests.
 */
public final class CallTimeline {
    /** What a timeline is written into. */
    public interface Visitor {
        /** A thread's timeline begins, with its profq id and name. */
        void threadStarts(long threadId, String name) throws IOException;

        void opens(long methodId, long nanos) throws IOException;

        void closes(long methodId, long nanos) throws IOException;

        /** The thread's timeline ends, its last time given. */
        void threadEnds(long lastNanos) throws IOException;
    }

    /** Which calls a timeline keeps: those overlapping [from, to], lasting at least minDuration, on these threads (none: all). */
    public record Window(long fromNanos, long toNanos, long minDurationNanos, List<String> threadNames) {
        public static final Window ALL = new Window(Long.MIN_VALUE, Long.MAX_VALUE, 0, List.of());

        public Window {
            threadNames = List.copyOf(threadNames);
        }
    }

    private final Visitor visitor;
    private final Deque<long[]> open = new ArrayDeque<>(); // {call id, method id, end ns}
    private long last = Long.MIN_VALUE;
    private long calls;

    private CallTimeline(Visitor visitor) {
        this.visitor = visitor;
    }

    /** Walks the default schema's calls that {@code window} keeps into {@code visitor}; returns how many. */
    public static long walk(Connection connection, Window window, Visitor visitor) throws SQLException, IOException {
        CallTimeline timeline = new CallTimeline(visitor);
        List<Object> values = new ArrayList<>(List.of(window.fromNanos(), window.toNanos(), window.minDurationNanos()));
        StringBuilder sql = new StringBuilder("SELECT c.thread_id, t.name, c.call_id, c.parent_call_id, c.method_id, c.start_ns, c.end_ns"
                + " FROM calls c JOIN threads t ON t.thread_id = c.thread_id"
                + " WHERE c.end_ns >= ? AND c.start_ns <= ? AND c.duration_ns >= ?");
        if (!window.threadNames().isEmpty()) {
            sql.append(" AND t.name IN (").append(String.join(", ", window.threadNames().stream().map(name -> "?").toList())).append(')');
            values.addAll(window.threadNames());
        }
        sql.append(" ORDER BY c.thread_id, c.call_id");
        try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                statement.setObject(i + 1, values.get(i));
            }
            try (ResultSet rows = statement.executeQuery()) {
                long thread = 0;
                boolean any = false;
                while (rows.next()) {
                    if (!any || rows.getLong(1) != thread) {
                        if (any) {
                            timeline.threadEnds();
                        }
                        thread = rows.getLong(1);
                        any = true;
                        timeline.last = Long.MIN_VALUE;
                        visitor.threadStarts(thread, rows.getString(2));
                    }
                    long parent = rows.getLong(4); // NULL (0) for a thread's outermost calls
                    timeline.call(rows.getLong(3), parent, rows.getLong(5), rows.getLong(6), rows.getLong(7));
                }
                if (any) {
                    timeline.threadEnds();
                }
            }
        }
        return timeline.calls;
    }

    private void call(long callId, long parentCallId, long methodId, long startNanos, long endNanos) throws IOException {
        while (!open.isEmpty() && open.peek()[0] != parentCallId) {
            close();
        }
        visitor.opens(methodId, at(startNanos));
        open.push(new long[] {callId, methodId, endNanos});
        calls++;
    }

    private void threadEnds() throws IOException {
        while (!open.isEmpty()) {
            close();
        }
        visitor.threadEnds(last);
    }

    private void close() throws IOException {
        long[] call = open.pop();
        visitor.closes(call[1], at(call[2]));
    }

    /** {@code nanos}, or the time given last if that is later: a format reads a thread's events in order. */
    private long at(long nanos) {
        last = Math.max(nanos, last);
        return last;
    }
}
