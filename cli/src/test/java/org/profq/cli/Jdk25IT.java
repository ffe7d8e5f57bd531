package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.SAMPLES_JAR;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;
import org.profq.recording.Recording;

/**
 * profq on the newest JDK the build knows (skipped when it is not installed): JDK 24+ warns
 * about Chronicle's use of {@code sun.misc.Unsafe}, which must not reach profq's stderr.
 */
class Jdk25IT {
    @Test
    void recordsOnJdk25WithOnlyTheSummaryOnStderr(@TempDir Path dir) throws Exception {
        Path java = Path.of(Forked.javaIn(Path.of(Forked.property("profq.jdk25.home"))));
        Required.that(Files.isExecutable(java), "no JDK 25 at " + java);
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(List.of("-D" + AgentJar.PROPERTY + "=" + Forked.AGENT_JAR, "-jar", Forked.CLI_JAR.toString(),
                "record", "--", java.toString(), "-cp", SAMPLES_JAR.toString(), "profq.samples.Recursion"));

        Outcome recorded = run(dir, command);

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("sum(10) = 55" + System.lineSeparator(), recorded.stdout());
        assertEquals(1, recorded.stderrLines().size(), recorded::toString);
        assertTrue(recorded.stderr().startsWith("profq: recorded "), recorded::toString);
        try (Recording recording = Recording.open(dir.resolve("Recursion.profq"))) {
            assertTrue(recorded.stderr().startsWith("profq: recorded " + String.format(Locale.ROOT, "%,d", recording.eventCount())
                    + " events to Recursion.profq ("),
                    recorded::toString);
            assertEquals(24, ProgramEvents.count(recording), "12 calls' entries and exits");
        }
    }
}
