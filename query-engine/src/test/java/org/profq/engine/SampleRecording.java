package org.profq.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Records a sample program through the real packaged agent in a forked JVM, as a user would
 * with {@code java -javaagent:profq-agent.jar=out=<dir>}, and gives the recording directory.
 */
final class SampleRecording {
    private static final long TIMEOUT_SECONDS = 120;
    private static final Path RECORDINGS = Path.of("target", "it-recordings");
    private static final Map<Class<?>, Path> RECORDED = new HashMap<>();

    /**
     * The recording of {@code mainClass} with the exact clock (so durations are real), made
     * once per test JVM and shared by the test classes that query it.
     */
    static synchronized Path of(Class<?> mainClass) {
        return of(mainClass, 0);
    }

    /** As {@link #of(Class)}, for a sample that ends with {@code exitCode}. */
    static synchronized Path of(Class<?> mainClass, int exitCode) {
        return RECORDED.computeIfAbsent(mainClass, sample -> {
            try {
                Files.createDirectories(RECORDINGS);
                return record(Files.createTempDirectory(RECORDINGS, sample.getSimpleName()), sample, "clock=exact", exitCode);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * Records {@code mainClass} into {@code directory/<simple name>.profq}, expecting it to exit
     * with {@code exitCode}; extra agent options may be "".
     */
    static Path record(Path directory, Class<?> mainClass, String options, int exitCode) {
        Path recording = directory.resolve(mainClass.getSimpleName() + ".profq");
        String agentOptions = "out=" + recording + (options.isEmpty() ? "" : "," + options);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-javaagent:" + agentJar() + "=" + agentOptions,
                "-cp", samplesClassPath(), mainClass.getName()));
        try {
            Path output = Files.createTempFile(directory, "output", ".txt");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            assertEquals(exitCode, process.exitValue(), () -> "the sample failed: " + command + "\n" + read(output));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        assertTrue(Files.isDirectory(recording.resolve("events")), "no recording written at " + recording);
        return recording;
    }

    static Path agentJar() {
        Path jar = Path.of(System.getProperty("profq.agent.jar", "../recorder/target/profq-agent.jar"));
        assertTrue(Files.isRegularFile(jar), "the agent jar is built by the recorder's `package`: " + jar.toAbsolutePath());
        return jar;
    }

    /** The class path holding the samples (their jar or classes directory). */
    static String samplesClassPath() {
        try {
            return Path.of(profq.samples.Recursion.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(output unreadable: " + e.getMessage() + ")";
        }
    }

    private SampleRecording() {
    }
}
