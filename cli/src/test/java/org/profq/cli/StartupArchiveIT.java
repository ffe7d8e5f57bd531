package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;

/**
 * The launcher's start-up archive (class-data sharing: {@code cli/target/startup/<JDK>.jsa}, one
 * per JDK): made by a training run when missing, made again when older than the cli jar, used
 * when fresh; missing, stale, damaged or made by another JDK, it only costs time: every run
 * prints the same rows and nothing on stderr, and the JVM's own {@code [warning][cds]} lines
 * never reach profq's output. On the build's JDK and on JDK 25 when it is installed. Each test
 * has a checkout of its own (the launcher and the two jars), so the build's archive is left alone.
 */
class StartupArchiveIT {
    private static final Path LAUNCHER = Path.of(Forked.property("profq.launcher"));
    private static final String SQL = "SELECT * FROM heap_by_method";
    private static final Duration TRAINING = Duration.ofMinutes(5);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"the build's JDK", "JDK 25"})
    void archiveIsMadeUsedAndRebuiltWhenStaleAndItsAbsenceOnlyCostsTime(String jdkName, @TempDir Path dir) throws Exception {
        Path jdk = jdkName.equals("JDK 25") ? Path.of(Forked.property("profq.jdk25.home")) : Path.of(System.getProperty("java.home"));
        Required.that(Files.isExecutable(Path.of(Forked.javaIn(jdk))), "no JDK at " + jdk);
        Path checkout = checkout(dir);
        Path startup = checkout.resolve("cli/target/startup");
        Path recording = Recorded.sample("Allocations");
        Outcome withoutArchive = profq(checkout, jdk, "PROFQ_CDS=off", recording);
        assertEquals(0, withoutArchive.exitCode(), withoutArchive::toString);
        assertTrue(withoutArchive.stdout().contains("profq.samples.Allocations.allocate()"), withoutArchive::toString);
        assertEquals("", withoutArchive.stderr());
        assertEquals(List.of(), archives(startup), "PROFQ_CDS=off makes no archive");

        // Missing: the run answers as without one, and a training run in the background makes it.
        assertSameAnswer(withoutArchive, profq(checkout, jdk, "PROFQ_CDS=auto", recording));
        Path archive = awaitFreshArchive(startup, checkout);

        // Fresh: used (profq's classes come from it), and the answer is the same.
        Path classLoading = dir.resolve("class-load.log");
        assertSameAnswer(withoutArchive, profq(checkout, jdk, "PROFQ_JAVA_OPTS=-Xlog:class+load:file=" + classLoading, recording));
        assertTrue(Files.readString(classLoading).contains("org.profq.cli.SqlCommand source: shared objects file"),
                "SqlCommand is loaded from the archive");

        // Stale (older than the cli jar): made again, here in the foreground (PROFQ_CDS=now),
        // and the training's recording and flame graph go with it.
        Path cliJar = checkout.resolve("cli/target/profq-cli.jar");
        Files.setLastModifiedTime(archive, FileTime.fromMillis(Files.getLastModifiedTime(cliJar).toMillis() - 10_000));
        List<Path> trainingsBefore = trainingDirectories();
        assertSameAnswer(withoutArchive, profq(checkout, jdk, "PROFQ_CDS=now", recording));
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(cliJar)) > 0, "the stale archive is made again");
        assertEquals(trainingsBefore, trainingDirectories(), "the training leaves no directory behind");

        // Damaged, or made by another JDK, yet newer than the jar: the JVM refuses it, silently.
        Files.write(archive, new byte[4096]);
        Files.setLastModifiedTime(archive, FileTime.fromMillis(Files.getLastModifiedTime(cliJar).toMillis() + 10_000));
        assertSameAnswer(withoutArchive, profq(checkout, jdk, "PROFQ_CDS=auto", recording));
    }

    private static void assertSameAnswer(Outcome expected, Outcome actual) {
        assertEquals(0, actual.exitCode(), actual::toString);
        assertEquals(expected.stdout(), actual.stdout(), actual::toString);
        assertEquals("", actual.stderr(), "no [warning][cds] or other line on stderr");
    }

    /** {@code ./profq sql RECORDING -e SQL} on {@code jdk}, with one more environment variable. */
    private static Outcome profq(Path checkout, Path jdk, String variable, Path recording) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("env", "JAVA_HOME=" + jdk, variable));
        command.addAll(List.of(checkout.resolve("profq").toString(), "sql", recording.toString(), "-e", SQL));
        return Forked.run(checkout, command);
    }

    /** The one archive in {@code startup}, once the training that makes it has ended. */
    private static Path awaitFreshArchive(Path startup, Path checkout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TRAINING.toNanos();
        Path cliJar = checkout.resolve("cli/target/profq-cli.jar");
        while (System.nanoTime() < deadline) {
            List<Path> archives = archives(startup);
            boolean training = Files.isDirectory(startup) && list(startup).stream().anyMatch(path -> path.toString().endsWith(".lock"));
            if (archives.size() == 1 && !training
                    && Files.getLastModifiedTime(archives.get(0)).compareTo(Files.getLastModifiedTime(cliJar)) > 0) {
                return archives.get(0);
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no archive in " + startup + " within " + TRAINING + ": " + list(startup));
    }

    /** The training's working directories in the temporary directory (it makes one per run). */
    private static List<Path> trainingDirectories() throws IOException {
        return list(Path.of(System.getProperty("java.io.tmpdir"))).stream()
                .filter(path -> path.getFileName().toString().startsWith("profq-training")).toList();
    }

    private static List<Path> archives(Path startup) throws IOException {
        return list(startup).stream().filter(path -> path.toString().endsWith(".jsa")).toList();
    }

    private static List<Path> list(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> paths = Files.list(directory)) {
            return paths.sorted().toList();
        }
    }

    /** A checkout of its own: the launcher script and the jars where it looks for them. */
    private static Path checkout(Path dir) throws IOException {
        Path checkout = Files.createDirectories(dir.resolve("checkout"));
        Path launcher = Files.copy(LAUNCHER, checkout.resolve("profq"));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(Forked.CLI_JAR, Files.createDirectories(checkout.resolve("cli/target")).resolve("profq-cli.jar"));
        Files.copy(Forked.AGENT_JAR, Files.createDirectories(checkout.resolve("recorder/agent/target")).resolve("profq-agent.jar"));
        return checkout;
    }
}
