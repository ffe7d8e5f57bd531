package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recording.Recording;

/** {@code profq demo}: records the bundled sample, shows the summary and the profiles, says what is next. */
class DemoIT {

    @Test
    void recordsTheBundledSampleAndPrintsTheReports(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("demo"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        String out = outcome.stdout();
        assertTrue(Files.isDirectory(dir.resolve("profq-demo.profq/events")), outcome::toString);
        assertTrue(out.contains("$ profq report summary profq-demo.profq\n"), out);
        assertTrue(out.contains(" objects_allocated    | 1110\n"), out);
        assertTrue(out.contains(" profq.samples.Allocations.allocate() |    1110 | 30.6 KiB |     1\n"), out);
        assertTrue(out.contains("$ profq report time profq-demo.profq --param top=5\n"), out);
        assertTrue(out.contains("Next, try:\n  profq sql profq-demo.profq "), out);
        try (Recording recording = Recording.open(dir.resolve("profq-demo.profq"))) {
            assertTrue(outcome.stderr().startsWith("profq: recorded " + String.format(Locale.ROOT, "%,d", recording.eventCount())
                    + " events to profq-demo.profq ("),
                    outcome::toString);
            // 1,003 calls (profq's weaving of Point is a frame in allocate(), which loads it), 1,110 allocations
            assertEquals(3116, ProgramEvents.count(recording), "the sample's calls and allocations");
        }
    }
}
