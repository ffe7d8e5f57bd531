package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.format.RecordingFormat;
import org.profq.recording.Recording;

/** {@code profq info}: what a recording of the Allocations sample holds, figure by figure. */
class InfoCommandIT {

    @Test
    void describesTheRunItsEventsAndLosses(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Allocations");

        Outcome outcome = run(dir, profq("info", recording.toString()));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<String> lines = outcome.stdout().lines().toList();
        try (Recording opened = Recording.open(recording)) {
            assertEquals(List.of("recording", "program", "jvm", "process", "started", "duration", "recorder", "threads",
                    "events", "log", "dictionaries", "events lost", "classes", "warnings", "index"),
                    lines.stream().map(line -> line.substring(0, 13).strip()).toList());
            assertEquals("program       profq.samples.Allocations", lines.get(1));
            assertTrue(lines.get(6).startsWith("recorder      format " + RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.MINOR_VERSION + ", clock exact"), lines.get(6));
            assertEquals("threads       1: main", lines.get(7));
            assertEquals("events        3114 (1002 call entries, 1002 call exits, 1110 allocations, 0 deaths, 0 exceptions)", lines.get(8));
            assertEquals(String.format(java.util.Locale.ROOT, "log           %d bytes, %.1f bytes/event",
                    opened.logBytes(), opened.logBytes() / 3114.0), lines.get(9));
            assertEquals("dictionaries  4 classes, 3 methods, 3 allocation sites", lines.get(10));
            assertEquals("events lost   0", lines.get(11));
            assertTrue(lines.get(12).matches("classes       2 woven and \\d+ with nothing to weave \\(\\d+ of them from the woven-class"
                    + " cache\\), \\d+ JDK-generated left alone, 0 left unwoven"), lines.get(12));
            assertEquals("warnings      none", lines.get(13));
        }
    }

    @Test
    void aMissingRecordingIsAUsageError(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("info", "nowhere.profq"));

        assertEquals(2, outcome.exitCode());
        assertEquals(List.of("profq: there is no recording at nowhere.profq; give the path of a <name>.profq directory that profq record wrote."),
                outcome.stderrLines());
        assertTrue(Files.notExists(dir.resolve("nowhere.profq")));
    }
}
