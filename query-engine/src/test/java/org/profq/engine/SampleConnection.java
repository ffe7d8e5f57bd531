package org.profq.engine;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.function.Supplier;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A connection to a sample's recording that the tests of a class share: opened before the
 * first of them (the sample recorded first if need be) and closed after the last. Declared as
 * {@code @RegisterExtension static final SampleConnection recursion = SampleConnection.of(Recursion.class);}
 * and queried as {@code Rows.query(recursion.get(), "SELECT ...")}.
 */
final class SampleConnection implements BeforeAllCallback, AfterAllCallback {
    private final Supplier<Path> recording;
    private Connection connection;

    private SampleConnection(Supplier<Path> recording) {
        this.recording = recording;
    }

    /** The recording of {@code mainClass} that test classes share ({@link SampleRecording#of(Class)}). */
    static SampleConnection of(Class<?> mainClass) {
        return new SampleConnection(() -> SampleRecording.of(mainClass));
    }

    /** A recording of {@code mainClass} with these agent options, for this test class alone. */
    static SampleConnection recorded(Class<?> mainClass, String options) {
        return new SampleConnection(() -> SampleRecording.record(SampleRecording.newDirectory(mainClass), mainClass, options, 0));
    }

    /** The open connection; there is one from before the class's first test until after its last. */
    Connection get() {
        if (connection == null) {
            throw new IllegalStateException("a SampleConnection is open only while its test class runs; register it with @RegisterExtension");
        }
        return connection;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        connection = Rows.connect(recording.get().toString());
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        connection.close();
        connection = null;
    }
}
