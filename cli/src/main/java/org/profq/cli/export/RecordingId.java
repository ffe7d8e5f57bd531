package org.profq.cli.export;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * A recording's id in an export: its run's wall-clock start (UTC, to the nanosecond), pid and
 * host, as in {@code 20261124T013242.123456789Z-4711-buildhost}. It comes from the {@code run}
 * table alone, so every export of the same recording gives it the same id (and replaces its own
 * rows), and two runs differ in it unless one machine started two processes of the same pid in
 * the same nanosecond. It sorts by start time, and is safe in a path and a Hive partition value:
 * no characters but letters, digits, '.', '-' and '_'.
 */
public final class RecordingId {
    private static final DateTimeFormatter START = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss.nnnnnnnnn'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** The id of the recording that {@code schema} of {@code connection} is. */
    public static String of(Connection connection, String schema) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet run = statement.executeQuery("SELECT started_at, pid, host FROM \"" + schema + "\".run")) {
            if (!run.next()) {
                throw new SQLException("the recording has no run row");
            }
            return of(Instant.parse(run.getString(1)), run.getLong(2), run.getString(3));
        }
    }

    static String of(Instant startedAt, long pid, String host) {
        String safeHost = host == null || host.isBlank() ? "unknown" : host.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "_");
        return START.format(startedAt) + "-" + pid + "-" + safeHost;
    }

    private RecordingId() {
    }
}
