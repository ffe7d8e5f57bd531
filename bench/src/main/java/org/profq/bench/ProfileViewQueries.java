package org.profq.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The profile views the query-speed benchmark times, their SQL as the engine ships it, and
 * the timing of one query: run it and read every row and column, as a client would.
 */
final class ProfileViewQueries {
    static final List<String> VIEWS = List.of("heap_by_method", "heap_by_site", "heap_by_class", "time_by_method",
            "call_tree", "flame");

    /** The view's SELECT, read from the query engine's own resource with its comment lines dropped. */
    static String viewSql(String view) {
        String resource = "/org/profq/engine/views/" + view + ".sql";
        try (InputStream in = ProfileViewQueries.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path (the query engine's jar)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(line -> !line.stripLeading().startsWith("--"))
                    .collect(Collectors.joining("\n")).trim().replaceAll(";\\s*$", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Milliseconds to run {@code sql} and read all of its rows; prints nothing. */
    static Timing time(Connection connection, String sql) throws SQLException {
        long start = System.nanoTime();
        long rows = 0;
        long touched = 0;
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                rows++;
                for (int column = 1; column <= columns; column++) {
                    touched += result.getObject(column) == null ? 0 : 1;
                }
            }
        }
        return new Timing((System.nanoTime() - start) / 1e6, rows, touched);
    }

    record Timing(double millis, long rows, long values) {
    }

    private ProfileViewQueries() {
    }
}
