package org.profq.engine.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.engine.testing.ForkedQueries;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;

import profq.samples.ThrowSites;

/**
 * A plain JDBC program started with no JVM flags at all (no {@code --add-opens}) opens a
 * recording, builds its index and answers, on JDK 17 and on JDK 25, printing nothing else:
 * the reader reads the queue's files itself, and Avatica's Unsafe warning is kept out.
 */
class NoFlagsIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aJdbcProgramWithNoJvmFlagsAnswers(Jdk jdk) throws Exception {
        Path recording = SampleRecording.record(SampleRecording.newDirectory(ThrowSites.class), ThrowSites.class,
                "events=calls:exceptions", 0);
        Path stdout = Files.createTempFile("no-flags", ".out");
        Path stderr = Files.createTempFile("no-flags", ".err");
        Process process = new ProcessBuilder(jdk.java().toString(), "-cp", System.getProperty("java.class.path"),
                ForkedQueries.class.getName(), recording.toString(),
                "SELECT signature, type_name, throws FROM exceptions_by_site ORDER BY signature")
                .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "the program ended");

        assertEquals("", Files.readString(stderr));
        assertEquals(0, process.exitValue());
        assertEquals("""
                profq.samples.ThrowSites.failing(int)|java.lang.IllegalStateException|3
                profq.samples.ThrowSites.parsing(java.lang.String)|java.lang.NumberFormatException|2
                profq.samples.ThrowSites.recovering(int)|java.lang.IllegalArgumentException|5
                """, Files.readString(stdout));
        assertTrue(Files.isDirectory(recording.resolve("index")), "the index was built by the flagless JVM");
        Files.delete(stdout);
        Files.delete(stderr);
    }
}
