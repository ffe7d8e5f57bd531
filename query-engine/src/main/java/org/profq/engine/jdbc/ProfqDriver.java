package org.profq.engine.jdbc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Logger;
import java.util.stream.Stream;

import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;
import org.profq.engine.ProfileViews;
import org.profq.engine.RecordingSchema;
import org.profq.engine.function.CallTreeFunctions;
import org.profq.engine.index.SavedLogScans;
import org.profq.engine.language.LanguageCatalog;
import org.profq.engine.language.LanguageStatements;
import org.profq.engine.plan.CachingCompilerFactory;
import org.profq.engine.plan.PlannerChoice;
import org.profq.engine.plan.PreparedPlans;
import org.profq.engine.plan.ProfqPrepare;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;
import org.profq.udf.FunctionLibrary;
import org.profq.udf.SqlFunction;
import org.profq.udf.UdfJars;

/**
 * The JDBC driver for {@code jdbc:profq:<recording dir>} (see {@link ConnectString}), found by
 * {@link DriverManager} through {@code META-INF/services/java.sql.Driver}. Each connection is
 * a Calcite connection whose schemas are the recordings (every JVM of a group, one schema
 * each), each with its tables and profile views; identifiers are matched case-insensitively and double quotes quote them. A
 * recording that cannot be opened fails the connection with the reader's message. With the
 * property {@code lang=profq} the connection also takes statements of the profiling language
 * ({@code heap by method top 10}), compiled to SQL before they run; SQL still runs as SQL.
 * What a recording's index has to tell the user comes as the connection's SQL warnings, or on
 * stderr with the property {@code notices=stderr} ({@link ConnectionNotices}). With the property
 * {@code planner=plain} ({@link PlannerChoice}) every statement is planned with Calcite's own
 * operators over whole scans, profq's rules, index operators and totals left out: a slow
 * reference to check an answer against.
 *
 * <p>Every connection has profq's SQL functions ({@link FunctionLibrary#builtIns}; with
 * {@code formatting=raw}, {@code fmt_*} give their numbers unchanged), those that walk a
 * recording's calls in each schema ({@link CallTreeFunctions}), and a user's: the jars the
 * property {@code udf} names (paths separated by commas or the path separator; one that gives
 * no functions fails the connection, naming it) and those in the user's UDF directories
 * ({@link UdfJars#userDirectories}; one that gives none is a notice, and the rest still load).
 * {@code connection.unwrap(FunctionLibrary.class)} lists them all.
 */
public final class ProfqDriver implements Driver {
    /** Calcite's cache of compiled query plans, by their generated code; off unless set. */
    private static final String COMPILED_PLAN_CACHE = "calcite.bindable.cache.maxSize";

    static {
        UnsafeWarning.silence(); // Avatica's protobuf would print it into the client's output on JDK 24+
        // Calcite compiles each query's plan to Java with Janino (tens of ms); the same SQL gives
        // the same code, which reads its tables at run time, so a warm query can reuse the class.
        // Calcite reads the setting once, when its first query is prepared: a user's value wins.
        if (System.getProperty(COMPILED_PLAN_CACHE) == null) {
            System.setProperty(COMPILED_PLAN_CACHE, "256");
        }
        // ... and with -Dprofq.codeCache (the launcher's), a new JVM reuses what an earlier one compiled.
        CachingCompilerFactory.installFromSystemProperty();
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
    public Connection connect(String url, Properties given) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        ConnectString target = ConnectString.parse(url);
        Properties info = target.withProperties(given);
        boolean profqLanguage = language(info);
        PlannerChoice planner = PlannerChoice.of(info == null ? null : info.getProperty(PlannerChoice.PROPERTY));
        ConnectionNotices notices;
        try {
            notices = ConnectionNotices.of(info == null ? null : info.getProperty(ConnectionNotices.PROPERTY));
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage() + ".", "08001");
        }
        List<Recording> recordings = new ArrayList<>();
        Path current = null;
        try {
            target = target.withLaterJvms();
            for (Map.Entry<String, Path> recording : target.recordings().entrySet()) {
                current = recording.getValue();
                Path directory = current;
                // An indexed recording kept the state of its log scan: only the log after it is read.
                Recording opened = Recording.open(directory, run -> SavedLogScans.find(directory, run));
                recordings.add(opened);
                opened.savedScanSetAside().ifPresent(why -> notices.accept("profq: the scan of " + directory
                        + "'s log kept with its index was set aside (" + why + "); the log was read from its start"));
            }
        } catch (RecordingException e) {
            recordings.forEach(Recording::close);
            throw new SQLException(e.getMessage(), "08001");
        } catch (InternalError e) {
            // A mapped read past the end of a truncated file faults (SIGBUS); the JVM delivers that
            // as an InternalError at its next safepoint, which may be after the reader's own checks.
            recordings.forEach(Recording::close);
            throw new SQLException(queueFiles(current) + " is truncated: shorter than its contents claim (" + e.getMessage()
                    + "); the recording is damaged", "08001", e);
        }
        EngineWarmUp.awaitEnd(); // Calcite's classes from here on
        FunctionLibrary functions;
        try {
            functions = functions(info, notices);
        } catch (SQLException e) {
            recordings.forEach(Recording::close);
            throw e;
        }
        List<RecordingSchema> opened = recordings.stream().map(recording -> new RecordingSchema(recording, notices)).toList();
        PreparedPlans plans = new PreparedPlans();
        Connection calcite = new org.apache.calcite.jdbc.Driver().withPrepareFactory(() -> new ProfqPrepare(plans, planner))
                .connect("jdbc:calcite:", calciteProperties(info));
        CalciteConnection connection = calcite.unwrap(CalciteConnection.class);
        functions.addTo(connection.getRootSchema());
        List<SqlFunction> recordingFunctions = new ArrayList<>();
        int index = 0;
        for (String name : target.recordings().keySet()) {
            RecordingSchema recording = opened.get(index++);
            SchemaPlus schema = connection.getRootSchema().add(name, recording);
            ProfileViews.addTo(connection, schema, name,
                    planner == PlannerChoice.PROFQ ? () -> new ProfqPrepare(plans, planner) : null);
            List<SqlFunction> added = CallTreeFunctions.addTo(schema, name, recording);
            if (recordingFunctions.isEmpty()) {
                recordingFunctions.addAll(added); // listed once: each schema has the same three
            }
        }
        functions = functions.with(recordingFunctions);
        connection.setSchema(target.recordings().keySet().iterator().next());
        LanguageStatements language = profqLanguage
                ? new LanguageStatements(new LanguageCatalog(target.recordings().keySet())) : null;
        return ReadOnlyConnection.wrap(calcite, opened, language, notices, functions);
    }

    /** The connection property whose value {@code raw} makes {@code fmt_*} give numbers unchanged. */
    public static final String FORMATTING = "formatting";

    /** profq's functions and the user's, from the jars named and found; a named jar that gives none fails the connection. */
    private static FunctionLibrary functions(Properties info, ConnectionNotices notices) throws SQLException {
        String formatting = info == null ? null : info.getProperty(FORMATTING);
        if (formatting != null && !formatting.equalsIgnoreCase("raw") && !formatting.equalsIgnoreCase("people")) {
            throw new SQLException("the connection property formatting is '" + formatting + "'; use formatting=raw for numbers"
                    + " unchanged by fmt_bytes, fmt_ns and fmt_share, or formatting=people (the default)", "08001");
        }
        FunctionLibrary functions = FunctionLibrary.builtIns("raw".equalsIgnoreCase(formatting));
        List<SqlFunction> users = new ArrayList<>();
        for (Path jar : UdfJars.named(info == null ? null : info.getProperty(UdfJars.PROPERTY))) {
            try {
                users.addAll(UdfJars.load(jar));
            } catch (UdfJars.UdfJarException e) {
                throw new SQLException(e.getMessage(), "08001", e);
            }
        }
        for (Path jar : UdfJars.inDirectories(UdfJars.userDirectories())) {
            try {
                users.addAll(UdfJars.load(jar));
            } catch (UdfJars.UdfJarException e) {
                notices.accept("profq: " + e.getMessage() + "; its functions are left out");
            }
        }
        for (SqlFunction user : users) {
            if (functions.find(user.name()).filter(known -> known.source().equals(FunctionLibrary.BUILT_IN)).isPresent()
                    || CallTreeFunctions.NAMES.contains(user.name().toLowerCase(java.util.Locale.ROOT))) {
                throw new SQLException("the function jar " + user.source() + " has a function " + user.name()
                        + ", which is the name of one of profq's own; rename it", "08001");
            }
        }
        if (!users.isEmpty()) {
            CachingCompilerFactory.installForFunctionJars();
        }
        return functions.with(users);
    }

    /** Properties that open a connection speaking the profiling language as well as SQL. */
    public static Properties withLanguage() {
        Properties properties = new Properties();
        properties.setProperty(LanguageStatements.PROPERTY, LanguageStatements.PROFQ);
        return properties;
    }

    /** Whether {@code info} asks for the profiling language: lang=profq (or lang=sql, the default, for SQL alone). */
    private static boolean language(Properties info) throws SQLException {
        String lang = info == null ? null : info.getProperty(LanguageStatements.PROPERTY);
        if (lang == null || lang.equalsIgnoreCase("sql")) {
            return false;
        }
        if (lang.equalsIgnoreCase(LanguageStatements.PROFQ)) {
            return true;
        }
        throw new SQLException("the connection property lang is '" + lang + "'; use lang=profq for the profiling"
                + " language (with SQL), or lang=sql", "08001");
    }

    private static Properties calciteProperties(Properties info) {
        Properties properties = new Properties();
        properties.setProperty("caseSensitive", "false");
        properties.setProperty("unquotedCasing", "UNCHANGED");
        properties.setProperty("quotedCasing", "UNCHANGED");
        properties.setProperty("quoting", "DOUBLE_QUOTE");
        properties.setProperty("metaTableFactory", DocumentedTables.class.getName());
        properties.setProperty("metaColumnFactory", DocumentedColumns.class.getName());
        if (info != null) {
            properties.putAll(info);
            properties.remove(LanguageStatements.PROPERTY); // profq's own, not Calcite's
            properties.remove(ConnectionNotices.PROPERTY);
            properties.remove(UdfJars.PROPERTY);
            properties.remove(FORMATTING);
            properties.remove(PlannerChoice.PROPERTY);
        }
        return properties;
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        return new DriverPropertyInfo[0];
    }

    @Override
    public int getMajorVersion() {
        return ProfqMetaData.majorVersion();
    }

    @Override
    public int getMinorVersion() {
        return ProfqMetaData.minorVersion();
    }

    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() {
        return Logger.getLogger("org.profq.engine"); // the index logs its builds at DEBUG
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
