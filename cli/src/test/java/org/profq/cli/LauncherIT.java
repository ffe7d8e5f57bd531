package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.JAVA;
import static org.profq.cli.Forked.SAMPLES_JAR;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recording.Recording;

/** The {@code ./profq} launcher at the repository root, and the cli jar it runs. */
class LauncherIT {
    private static final Path LAUNCHER = Path.of(Forked.property("profq.launcher"));

    /** Reading recordings needs no JVM flags: the launcher passes none, and the jar asks for none. */
    @Test
    void neitherTheLauncherNorTheJarOpensTheJdk() throws Exception {
        assertEquals(List.of(), Files.readAllLines(LAUNCHER).stream()
                .map(String::strip)
                .filter(line -> line.startsWith("--add-") || line.startsWith("-XX:") || line.startsWith("-Dchronicle."))
                .toList());
        Attributes manifest;
        try (JarFile jar = new JarFile(Forked.CLI_JAR.toFile())) {
            manifest = jar.getManifest().getMainAttributes();
        }
        assertEquals(null, manifest.getValue("Add-Opens"));
        assertEquals(null, manifest.getValue("Add-Exports"));
        assertEquals("org.profq.cli.ProfqCommand", manifest.getValue("Main-Class"));
    }

    @Test
    void launcherIsExecutableAndRecords(@TempDir Path dir) throws Exception {
        Outcome recorded = run(dir, List.of(LAUNCHER.toString(), "record", "--",
                JAVA, "-cp", SAMPLES_JAR.toString(), "profq.samples.Recursion"));

        assertTrue(Files.isExecutable(LAUNCHER));
        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("sum(10) = 55" + System.lineSeparator(), recorded.stdout());
        assertEquals(1, recorded.stderrLines().size(), recorded::toString);
        try (Recording recording = Recording.open(dir.resolve("Recursion.profq"))) {
            assertTrue(recorded.stderr().startsWith("profq: recorded " + String.format(Locale.ROOT, "%,d", recording.eventCount())
                    + " events to Recursion.profq ("),
                    recorded::toString);
            assertEquals(24, ProgramEvents.count(recording), "12 calls' entries and exits");
        }
    }

    /** The demo's "Next, try" names profq as the user called it: ./profq, or profq when it is on the PATH. */
    @Test
    void theDemoSuggestsCommandsAsTheUserRunsProfq(@TempDir Path dir) throws Exception {
        Files.createSymbolicLink(dir.resolve("profq"), LAUNCHER);

        Outcome local = run(dir, List.of("sh", "-c", "PROFQ_CDS=off ./profq demo"));
        assertEquals(0, local.exitCode(), local::toString);
        assertTrue(local.stdout().contains("$ ./profq report summary profq-demo.profq\n"), local::toString);
        assertTrue(local.stdout().contains("Next, try:\n  ./profq sql profq-demo.profq "), local::toString);

        Outcome onPath = run(dir, List.of("sh", "-c", "PROFQ_CDS=off PATH=\"$PWD:$PATH\" profq demo"));
        assertEquals(0, onPath.exitCode(), onPath::toString);
        assertTrue(onPath.stdout().contains("Next, try:\n  profq sql profq-demo-2.profq "), onPath::toString);
    }

    @Test
    void launcherSaysHowToBuildWhenTheJarsAreMissing(@TempDir Path dir) throws Exception {
        Path unbuilt = Files.copy(LAUNCHER, dir.resolve("profq"));

        Outcome outcome = run(dir, List.of("sh", unbuilt.toString(), "--help"));

        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: profq is not built yet; run ./mvnw -q install -DskipTests in " + dir.toRealPath() + " first."),
                outcome.stderrLines());
        assertEquals("", outcome.stdout());
    }
}
