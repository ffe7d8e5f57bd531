package org.profq.cli.export;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The instants a timeline draws on its threads' tracks besides the calls: allocations and throws,
 * a thread at a time in time order (the order {@link CallTimeline} walks the threads in), of the
 * calls the timeline's window keeps (so that each lies inside its call's slice), and outside any
 * call when the timeline has no window. An allocation says whether its object is seen to die
 * during the run (its death is drawn with a flow from it).
 */
final class TimelineEvents implements AutoCloseable {
    /** The kinds of instant a timeline can draw. */
    enum Kind {
        ALLOCATIONS, THROWS, DEATHS;

        /** The kinds named in {@code names} (any case); an IllegalArgumentException naming the choices. */
        static Set<Kind> named(List<String> names) {
            Set<Kind> kinds = java.util.EnumSet.noneOf(Kind.class);
            for (String name : names) {
                try {
                    kinds.add(valueOf(name.strip().toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("unknown event kind '" + name + "'; use allocations, throws or deaths.");
                }
            }
            if (kinds.contains(DEATHS) && !kinds.contains(ALLOCATIONS)) {
                throw new IllegalArgumentException("--events=deaths goes with allocations (a death is drawn with a flow from its"
                        + " object's allocation): use --events=allocations,deaths.");
            }
            return kinds;
        }
    }

    /** One instant: its thread, time, call (0 outside any), what it is, and for an allocation its object. */
    record Event(long threadId, long nanos, long callId, Kind kind, String className, long objectId, long sizeBytes, boolean dies) {
    }

    private final PreparedStatement statement;
    private final ResultSet rows;
    private Event next;

    private TimelineEvents(PreparedStatement statement, ResultSet rows) throws SQLException {
        this.statement = statement;
        this.rows = rows;
        advance();
    }

    /** The instants of {@code kinds} (allocations, throws) of the calls {@code window} keeps; none when neither is asked. */
    static TimelineEvents of(Connection connection, Set<Kind> kinds, CallTimeline.Window window) throws SQLException {
        List<String> parts = new ArrayList<>();
        if (kinds.contains(Kind.ALLOCATIONS)) {
            parts.add("SELECT a.thread_id, a.alloc_ns AS at_ns, a.call_id, 'A' AS kind, k.name AS class_name, a.object_id, a.size_bytes,"
                    + (kinds.contains(Kind.DEATHS) ? " d.object_id IS NOT NULL" : " FALSE") + " AS dies FROM allocations a"
                    + " JOIN classes k ON k.class_id = a.class_id"
                    + (kinds.contains(Kind.DEATHS) ? " LEFT JOIN deaths d ON d.object_id = a.object_id AND NOT d.at_exit" : ""));
        }
        if (kinds.contains(Kind.THROWS)) {
            parts.add("SELECT e.thread_id, e.throw_ns AS at_ns, e.call_id, 'T' AS kind, k.name AS class_name, CAST(NULL AS BIGINT) AS object_id,"
                    + " CAST(NULL AS BIGINT) AS size_bytes, FALSE AS dies FROM exceptions e JOIN classes k ON k.class_id = e.class_id");
        }
        if (parts.isEmpty()) {
            return null;
        }
        List<Object> values = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT i.* FROM (").append(String.join(" UNION ALL ", parts)).append(") i");
        if (!window.equals(CallTimeline.Window.ALL)) {
            sql.append(" JOIN calls c ON c.call_id = i.call_id JOIN threads t ON t.thread_id = c.thread_id").append(CallTimeline.keeps(window, values));
        }
        sql.append(" ORDER BY i.thread_id, i.at_ns");
        PreparedStatement statement = connection.prepareStatement(sql.toString());
        try {
            for (int i = 0; i < values.size(); i++) {
                statement.setObject(i + 1, values.get(i));
            }
            return new TimelineEvents(statement, statement.executeQuery());
        } catch (SQLException e) {
            statement.close();
            throw e;
        }
    }

    /** The next instant, without taking it; null when there are none left. */
    Event peek() {
        return next;
    }

    /** Takes the next instant. */
    Event take() throws SQLException {
        Event taken = next;
        advance();
        return taken;
    }

    private void advance() throws SQLException {
        if (!rows.next()) {
            next = null;
            return;
        }
        Kind kind = rows.getString(4).equals("A") ? Kind.ALLOCATIONS : Kind.THROWS;
        next = new Event(rows.getLong(1), rows.getLong(2), rows.getLong(3), kind, rows.getString(5), rows.getLong(6), rows.getLong(7),
                rows.getBoolean(8));
    }

    @Override
    public void close() throws SQLException {
        try (statement) {
            rows.close();
        }
    }
}
