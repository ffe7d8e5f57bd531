package org.profq.engine.jdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import java.util.logging.Logger;

import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.profq.engine.ProfileViews;
import org.profq.engine.RecordingSchema;
import org.profq.engine.plan.PreparedPlans;
import org.profq.engine.plan.ProfqPrepare;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

/**
 * The JDBC driver for {@code jdbc:profq:<recording dir>} (see {@link ConnectString}), found by
 * {@link DriverManager} through {@code META-INF/services/java.sql.Driver}. Each connection is
 * a Calcite connection whose schemas are the recordings (every JVM of a group, one schema
 * each), each with its tables and profile views; identifiers are matched case-insensitively and double quotes quote them. A
 * recording that cannot be opened fails the connection with the reader's message. What a recording's index has to tell
 * the user comes as the connection's SQL warnings, or on stderr with the property {@code notices=stderr}
 * ({@link ConnectionNotices}).
 */
public final class ProfqDriver implements Driver {
    /** Calcite's cache of compiled query plans, by their generated code; off unless set. */
    private static final String COMPILED_PLAN_CACHE = "calcite.bindable.cache.maxSize";

    static {
        // Calcite compiles each query's plan to Java with Janino (tens of ms); the same SQL gives
        // the same code, which reads its tables at run time, so a warm query can reuse the class.
        // Calcite reads the setting once, when its first query is prepared: a user's value wins.
        if (System.getProperty(COMPILED_PLAN_CACHE) == null) {
            System.setProperty(COMPILED_PLAN_CACHE, "256");
        }
        try {
            DriverManager.registerDriver(new ProfqDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public boolean acceptsURL(String url) {
        return ConnectString.accepts(url);
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectString target = ConnectString.parse(url);
        ConnectionNotices notices;
        try {
            notices = ConnectionNotices.of(info == null ? null : info.getProperty(ConnectionNotices.PROPERTY));
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage() + ".", "08001");
        }
        List<RecordingSchema> opened = new ArrayList<>();
        Path current = null;
        try {
            target = target.withLaterJvms();
            for (Map.Entry<String, Path> recording : target.recordings().entrySet()) {
                current = recording.getValue();
                opened.add(new RecordingSchema(Recording.open(current), notices));
            }
        } catch (RecordingException e) {
            opened.forEach(RecordingSchema::close);
            throw new SQLException(e.getMessage(), "08001");
        } catch (InternalError e) {
            // A mapped read past the end of a truncated file faults (SIGBUS); the JVM delivers that
            // as an InternalError at its next safepoint, which may be after the reader's own checks.
            opened.forEach(RecordingSchema::close);
            throw new SQLException(queueFiles(current) + " is truncated: shorter than its contents claim (" + e.getMessage()
                    + "); the recording is damaged", "08001", e);
        }
        PreparedPlans plans = new PreparedPlans();
        Connection calcite = new org.apache.calcite.jdbc.Driver().withPrepareFactory(() -> new ProfqPrepare(plans))
                .connect("jdbc:calcite:", calciteProperties(info));
        CalciteConnection connection = calcite.unwrap(CalciteConnection.class);
        int index = 0;
        for (String name : target.recordings().keySet()) {
            SchemaPlus schema = connection.getRootSchema().add(name, opened.get(index++));
            ProfileViews.addTo(connection, schema, name);
        }
        connection.setSchema(target.recordings().keySet().iterator().next());
        return ReadOnlyConnection.wrap(calcite, opened, notices);
    }

    private static Properties calciteProperties(Properties info) {
        Properties properties = new Properties();
        properties.setProperty("caseSensitive", "false");
        properties.setProperty("unquotedCasing", "UNCHANGED");
        properties.setProperty("quotedCasing", "UNCHANGED");
        properties.setProperty("quoting", "DOUBLE_QUOTE");
        if (info != null) {
            properties.putAll(info);
            properties.remove(ConnectionNotices.PROPERTY); // profq's, not Calcite's
        }
        return properties;
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return 0;
    }

    @Override
    public int getMinorVersion() {
        return 1;
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("profq does not log through java.util.logging");
    }

    /** The recording's queue file, or its files, for a message about damage no reader check caught. */
    private static String queueFiles(Path recording) {
        try (Stream<Path> files = Files.list(recording.resolve("events"))) {
            List<Path> queues = files.filter(file -> file.getFileName().toString().endsWith(".cq4")).sorted().toList();
            return queues.size() == 1 ? queues.get(0).toString() : "a queue file under " + recording.resolve("events");
        } catch (IOException | RuntimeException e) {
            return "a queue file under " + recording.resolve("events");
        }
    }
}
