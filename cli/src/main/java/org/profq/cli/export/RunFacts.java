package org.profq.cli.export;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/** What the formats say about the run a recording is of: its main class, pid, JVM, wall-clock start and length. */
record RunFacts(String mainClass, long pid, String jvm, long startedEpochNanos, long durationNanos) {

    /** The default schema's run. */
    static RunFacts of(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet run = statement.executeQuery("SELECT main_class, pid, jvm, started_at, duration_ns FROM run")) {
            if (!run.next()) {
                return new RunFacts("", 0, "", 0, 0);
            }
            String started = run.getString(4);
            long epochNanos = 0;
            if (started != null && !started.isBlank()) {
                Instant instant = Instant.parse(started);
                epochNanos = instant.getEpochSecond() * 1_000_000_000L + instant.getNano();
            }
            return new RunFacts(run.getString(1), run.getLong(2), run.getString(3), epochNanos, run.getLong(5));
        }
    }
}
