package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.JAVA;
import static org.profq.cli.Forked.READER_FLAGS;
import static org.profq.cli.Forked.SAMPLES_JAR;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

/**
 * The {@code ./profq} launcher at the repository root, and the two copies of the reader's JVM
 * flags that must agree with the parent pom's {@code profq.reader.jvm.args}: the launcher's
 * list and the cli jar's manifest (which lets a bare {@code java -jar} read recordings).
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of(Forked.property("profq.launcher"));

    @Test
    void launcherPassesExactlyThePomsReaderFlags() throws Exception {
        List<String> flags = Files.readAllLines(LAUNCHER).stream()
                .map(String::strip)
                .filter(line -> line.startsWith("--add-") || line.startsWith("-Dchronicle."))
                .map(line -> line.replaceFirst("\\s*\\\\$", ""))
                .toList();

        assertEquals(READER_FLAGS, flags);
    }

    @Test
    void cliJarManifestOpensWhatThePomsReaderFlagsOpen() throws Exception {
        Attributes manifest;
        try (JarFile jar = new JarFile(Forked.CLI_JAR.toFile())) {
            manifest = jar.getManifest().getMainAttributes();
        }

        assertEquals(packagesIn("--add-opens="), words(manifest.getValue("Add-Opens")));
        assertEquals(packagesIn("--add-exports="), words(manifest.getValue("Add-Exports")));
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
        assertTrue(recorded.stderr().startsWith("profq: recorded 24 events to Recursion.profq ("), recorded::toString);
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

    /** {@code java.base/java.lang} for each {@code --add-opens=java.base/java.lang=ALL-UNNAMED}. */
    private static Set<String> packagesIn(String option) {
        return READER_FLAGS.stream()
                .filter(flag -> flag.startsWith(option))
                .map(flag -> flag.substring(option.length(), flag.lastIndexOf('=')))
                .collect(Collectors.toSet());
    }

    private static Set<String> words(String value) {
        return Arrays.stream(value.trim().split("\\s+")).collect(Collectors.toSet());
    }
}
