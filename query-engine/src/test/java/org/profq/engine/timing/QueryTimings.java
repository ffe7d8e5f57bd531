package org.profq.engine.timing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.profq.engine.ProfileViews;
import org.profq.recording.Recording;

/**
 * Times queries over a recording: the first query of a fresh connection (opening the recording
 * and, with an index, building it when absent), then each profile view warm (best of 3).
 * Usage: {@code QueryTimings <recording dir>}. See docs/performance.md.
 */
public final class QueryTimings {
    public static void main(String[] args) throws SQLException {
        Path recording = Path.of(args[0]);
        long events;
        try (Recording opened = Recording.open(recording)) {
            events = opened.eventCount();
        }
        System.out.printf("%s: %,d events%n", recording, events);
        long start = System.nanoTime();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording)) {
            long rows = count(connection, "SELECT COUNT(*) FROM calls");
            double firstSeconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("first query (connect + SELECT COUNT(*) FROM calls = %,d): %.2f s, %.2f s per million events%n",
                    rows, firstSeconds, firstSeconds / (events / 1e6));
            for (String view : ProfileViews.NAMES) {
                long best = Long.MAX_VALUE;
                long viewRows = 0;
                for (int run = 0; run < 3; run++) {
                    long t0 = System.nanoTime();
                    viewRows = rows(connection, "SELECT * FROM " + view);
                    best = Math.min(best, System.nanoTime() - t0);
                }
                System.out.printf("%-16s %,8d rows  %8.1f ms warm%n", view, viewRows, best / 1e6);
            }
        }
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }

    private static long rows(Connection connection, String sql) throws SQLException {
        long rows = 0;
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                for (int column = 1; column <= columns; column++) {
                    result.getObject(column);
                }
                rows++;
            }
        }
        return rows;
    }

    private QueryTimings() {
    }
}
