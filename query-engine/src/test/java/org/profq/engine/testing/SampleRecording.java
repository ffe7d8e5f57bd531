package org.profq.engine.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;

/**
 * Records a sample program through the real packaged agent in a forked JVM (the recorder's
 * {@link SampleRun}), as a user would with {@code java -javaagent:profq-agent.jar=out=<dir>},
 * and gives the recording directory; each sample is recorded once per test JVM.
 */
public final class SampleRecording {
    private static final Path RECORDINGS = Path.of("target", "it-recordings");
    private static final Map<Class<?>, Path> RECORDED = new HashMap<>();

    /**
     * The recording of {@code mainClass} with the exact clock (so durations are real), made
     * once per test JVM and shared by the test classes that query it.
     */
    public static synchronized Path of(Class<?> mainClass) {
        return of(mainClass, 0);
    }

    /** As {@link #of(Class)}, for a sample that ends with {@code exitCode}. */
    public static synchronized Path of(Class<?> mainClass, int exitCode) {
        return RECORDED.computeIfAbsent(mainClass, sample -> record(newDirectory(sample), sample, "clock=exact", exitCode));
    }

    /** A new directory under target/it-recordings for a recording of {@code mainClass}. */
    public static Path newDirectory(Class<?> mainClass) {
        try {
            return Files.createTempDirectory(Files.createDirectories(RECORDINGS), mainClass.getSimpleName());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Records {@code mainClass} into {@code directory/<simple name>.profq}, expecting it to exit
     * with {@code exitCode}; extra agent options may be "".
     */
    public static Path record(Path directory, Class<?> mainClass, String options, int exitCode) {
        Path recording = directory.resolve(mainClass.getSimpleName() + ".profq");
        SampleRun.Result result = SampleRun.record(Jdk.current(), recording, options, mainClass);
        assertEquals(exitCode, result.exitCode(), () -> "the sample " + mainClass.getName() + " failed:\n" + result.stderr());
        assertTrue(Files.isDirectory(recording.resolve("events")), "no recording written at " + recording);
        return recording;
    }

    private SampleRecording() {
    }
}
