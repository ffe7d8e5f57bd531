package org.profq.cli.top;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One screen of {@code profq top}: the recording's age and event rate, then the hottest methods
 * by self CPU time (or self wall time, which counts waiting too) or the top allocation sites so
 * far, as many as fit; the screen's title says which. Each figure comes from a query
 * a user can run ({@link View#sql}, and {@code SELECT events, duration_ns, started_at, ended_cleanly FROM run}).
 */
public final class TopFrame {
    /** What the screen lists. */
    public enum View {
        TIME("hottest methods by self CPU time",
                "SELECT signature, calls, self_cpu_ns, cpu_ns FROM time_by_method ORDER BY self_cpu_ns DESC, cpu_ns DESC, signature LIMIT ?",
                String.format(Locale.ROOT, "%12s %12s %12s  %s", "self cpu ms", "calls", "incl cpu ms", "method")),
        TIME_WALL("hottest methods by self wall time",
                "SELECT signature, calls, self_ns, inclusive_ns FROM time_by_method ORDER BY self_ns DESC, inclusive_ns DESC, signature LIMIT ?",
                String.format(Locale.ROOT, "%12s %12s %12s  %s", "self ms", "calls", "incl ms", "method")),
        HEAP("top allocation sites by bytes",
                "SELECT signature, line, type_name, objects, bytes FROM heap_by_site ORDER BY bytes DESC, signature, line LIMIT ?",
                String.format(Locale.ROOT, "%12s %12s  %s", "KB", "objects", "type  at  method:line"));

        final String title;
        public final String sql;
        final String heading;

        View(String title, String sql, String heading) {
            this.title = title;
            this.sql = sql;
            this.heading = heading;
        }
    }

    private static final String RUN = "SELECT events, duration_ns, started_at, ended_cleanly FROM run";

    private long previousEvents = -1;
    private long previousNanos;

    /** The screen's lines for {@code view}, at most {@code width} × {@code height}. */
    public List<String> draw(Connection connection, String recording, View view, int width, int height) {
        List<String> lines = new ArrayList<>();
        try {
            lines.add(status(connection, recording));
            lines.add("");
            lines.add(view.title + "  —  t: time (CPU)  w: time (wall)  h: heap  q: quit");
            lines.add(view.heading);
            try (PreparedStatement statement = connection.prepareStatement(view.sql)) {
                statement.setInt(1, Math.max(1, height - lines.size()));
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        lines.add(view == View.HEAP ? heapRow(rows) : timeRow(rows));
                    }
                }
            }
        } catch (SQLException e) {
            lines.add("ERROR: " + e.getMessage());
        }
        List<String> fitted = new ArrayList<>();
        for (String line : lines.subList(0, Math.min(lines.size(), Math.max(1, height)))) {
            fitted.add(line.length() > width ? line.substring(0, Math.max(0, width)) : line);
        }
        return fitted;
    }

    /** The first line: the recording, its age, events so far and per second since the last screen. */
    private String status(Connection connection, String recording) throws SQLException {
        try (ResultSet run = connection.createStatement().executeQuery(RUN)) {
            run.next();
            long events = run.getLong(1);
            long durationNanos = run.getLong(2);
            Instant started = Instant.parse(run.getString(3));
            boolean ended = run.getBoolean(4);
            long now = System.nanoTime();
            double perSecond = previousEvents < 0
                    ? (durationNanos > 0 ? events * 1e9 / durationNanos : 0)
                    : (events - previousEvents) * 1e9 / Math.max(1, now - previousNanos);
            String rateLabel = previousEvents < 0 ? " events/s on average" : " events/s";
            previousEvents = events;
            previousNanos = now;
            String age = ended
                    ? "ended after " + seconds(durationNanos)
                    : "age " + seconds(Duration.between(started, Instant.now()).toNanos()) + ", no end record yet";
            return String.format(Locale.ROOT, "profq top %s  %s  %,d events  %,.0f%s", recording, age, events, perSecond, rateLabel);
        }
    }

    private static String timeRow(ResultSet rows) throws SQLException {
        return String.format(Locale.ROOT, "%12.1f %,12d %12.1f  %s", rows.getLong(3) / 1e6, rows.getLong(2), rows.getLong(4) / 1e6,
                rows.getString(1));
    }

    private static String heapRow(ResultSet rows) throws SQLException {
        return String.format(Locale.ROOT, "%12.1f %,12d  %s  at  %s:%d", rows.getLong(5) / 1024.0, rows.getLong(4), rows.getString(3),
                rows.getString(1), rows.getInt(2));
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
