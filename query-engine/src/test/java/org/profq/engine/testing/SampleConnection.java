package org.profq.engine.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Properties;
import java.util.function.Supplier;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.profq.engine.jdbc.ProfqDriver;

/**
 * A connection to a sample's recording that the tests of a class share: opened before the
 * first of them (the sample recorded first if need be) and closed after the last. Declared as
 * {@code @RegisterExtension static final SampleConnection recursion = SampleConnection.of(Recursion.class);}
 * and queried as {@code Rows.query(recursion.get(), "SELECT ...")}.
 */
public final class SampleConnection implements BeforeAllCallback, AfterAllCallback {
    /** What follows {@code jdbc:profq:}: a recording directory, or {@code a=<dir>,b=<dir>}. */
    private final Supplier<String> recordings;
    private final Properties properties;
    private Connection connection;

    private SampleConnection(Supplier<String> recordings, Properties properties) {
        this.recordings = recordings;
        this.properties = properties;
    }

    /** The recording of {@code mainClass} that test classes share ({@link SampleRecording#of(Class)}). */
    public static SampleConnection of(Class<?> mainClass) {
        return new SampleConnection(() -> SampleRecording.of(mainClass).toString(), new Properties());
    }

    /** A recording of {@code mainClass} with these agent options, for this test class alone (made once). */
    public static SampleConnection recorded(Class<?> mainClass, String options) {
        return new SampleConnection(once(() -> SampleRecording.record(SampleRecording.newDirectory(mainClass), mainClass, options, 0)),
                new Properties());
    }

    /** The recordings of {@code a} and {@code b} opened together as schemas a and b (a the default), as {@code a} is opened. */
    public static SampleConnection compared(SampleConnection a, SampleConnection b) {
        return new SampleConnection(() -> "a=" + a.recordings.get() + ",b=" + b.recordings.get(), a.properties);
    }

    /** The same recording opened with {@code lang=profq}: statements of the profiling language as well as SQL. */
    public SampleConnection withLanguage() {
        return new SampleConnection(recordings, ProfqDriver.withLanguage());
    }

    /** The same recording opened with {@code planner=plain}: Calcite's own operators over whole scans. */
    public SampleConnection withPlainPlanner() {
        Properties plain = new Properties();
        plain.putAll(properties);
        plain.setProperty(org.profq.engine.plan.PlannerChoice.PROPERTY, "plain");
        return new SampleConnection(recordings, plain);
    }

    /** The open connection; there is one from before the class's first test until after its last. */
    public Connection get() {
        if (connection == null) {
            throw new IllegalStateException("a SampleConnection is open only while its test class runs; register it with @RegisterExtension");
        }
        return connection;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        connection = DriverManager.getConnection("jdbc:profq:" + recordings.get(), properties);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        connection.close();
        connection = null;
    }

    /** {@code recording}, made on the first call only, so that several connections can share it. */
    private static Supplier<String> once(Supplier<Path> recording) {
        return new Supplier<>() {
            private String made;

            @Override
            public synchronized String get() {
                if (made == null) {
                    made = recording.get().toString();
                }
                return made;
            }
        };
    }
}
