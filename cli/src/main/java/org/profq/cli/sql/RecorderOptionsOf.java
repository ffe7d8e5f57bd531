package org.profq.cli.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The recorder's options of the recording a connection opens by default (its {@code run} row),
 * from which {@link org.profq.recording.RecordedEvents} tells what the recording holds.
 */
public final class RecorderOptionsOf {

    /** The default schema's {@code run.options}; empty when there is no row. */
    public static String defaultSchema(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet run = statement.executeQuery("SELECT options FROM run")) {
            String options = run.next() ? run.getString(1) : null;
            return options == null ? "" : options;
        }
    }

    private RecorderOptionsOf() {
    }
}
