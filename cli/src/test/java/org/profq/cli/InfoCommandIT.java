package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

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
                    "events", "event kinds", "log", "log read", "dictionaries", "events lost", "classes", "warnings", "index"),
                    lines.stream().map(line -> line.substring(0, 13).strip()).toList());
            assertEquals("program       profq.samples.Allocations", lines.get(1));
            assertTrue(lines.get(6).startsWith("recorder      format " + RecordingFormat.MAJOR_VERSION + "." + RecordingFormat.DEATHS_RECORDED_MINOR_VERSION + ", clock exact"), lines.get(6));
            assertEquals("threads       1: main", lines.get(7));
            // allocate() loads Point: its weaving is profq's frame in that call, one more call
            assertEventsLine(3116, "1,003 call entries, 1,003 call exits, 1,110 allocations, 0 deaths, 0 exceptions", lines.get(8));
            assertEquals("event kinds   calls, allocations; not recorded: deaths, exceptions, uses", lines.get(9));
            assertEquals(String.format(java.util.Locale.ROOT, "log           %,d bytes, %.1f bytes/event",
                    opened.logBytes(), opened.logBytes() / (double) opened.eventCount()), lines.get(10));
            assertEquals("dictionaries  5 classes, 4 methods, 3 allocation sites", lines.get(12)); // and <profq>.weaving
            assertEquals("events lost   0", lines.get(13));
            assertTrue(lines.get(14).matches("classes       2 woven and \\d+ with nothing to weave \\(\\d+ of them from the woven-class"
                    + " cache\\), \\d+ JDK-generated left alone, 0 left unwoven; methods: 0 left unwoven of 4 seen \\(0.00 %\\)"),
                    lines.get(14));
            assertEquals("warnings      none", lines.get(15));
        }
    }

    /**
     * Every kind of event the recording has is counted: uses, and value profiles' parameters,
     * objects followed, the references they held then, writes to them and reference fields read
     * (MutableArgument: one Counter passed to read 10 times, its count written twice and its label
     * once, read reading count).
     */
    @Test
    void countsUsesAndValueProfileEvents(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("MutableArgument",
                List.of("--events=calls:uses", "--track=1", "--values=*MutableArgument.read"));

        Outcome outcome = run(dir, profq("info", recording.toString()));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<String> lines = outcome.stdout().lines().toList();
        // the class the sample loads is woven in the call that loads it: profq's weaving frame, one more call
        assertEventsLine(70, "13 call entries, 13 call exits, 1 allocations, 1 deaths, 0 exceptions, 16 uses,"
                + " 10 parameters, 1 objects followed, 1 references held when followed, 3 writes to followed objects,"
                + " 1 reference fields read", lines.get(8));
        assertEquals("event kinds   calls, allocations, deaths, uses; not recorded: exceptions; values of *MutableArgument.read",
                lines.get(9));
    }

    /** A recording made without calls says so, and so does a report that needs them, failing instead of coming out empty. */
    @Test
    void aRecordingWithoutCallsSaysSoAndSoDoTheProfilesThatNeedThem(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("LazyInit", List.of("--events=deaths:uses", "--track=1"));

        Outcome info = run(dir, profq("info", recording.toString()));
        assertEquals("event kinds   allocations, deaths, uses; not recorded: calls, exceptions", info.stdout().lines().toList().get(9));

        String why = "this recording has no call events: it was recorded with --events=allocations:deaths:uses;"
                + " record again with calls in --events.";
        Outcome report = run(dir, profq("report", "time", recording.toString()));
        assertEquals(1, report.exitCode(), report::toString);
        assertEquals(List.of("profq: the report time failed: " + why), report.stderrLines());
        Outcome language = run(dir, profq("sql", recording.toString(), "-e", "time by method"));
        assertEquals(List.of("profq: the query failed: " + why), language.stderrLines());
        Outcome heap = run(dir, profq("sql", recording.toString(), "-e", "heap by method"));
        assertEquals(List.of(), heap.stderrLines(), "allocations were recorded");
    }

    @Test
    void aMissingRecordingIsAUsageError(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("info", "nowhere.profq"));

        assertEquals(2, outcome.exitCode());
        assertEquals(List.of("profq: there is no recording at nowhere.profq; give the path of a <name>.profq directory that profq record wrote."),
                outcome.stderrLines());
        assertTrue(Files.notExists(dir.resolve("nowhere.profq")));
    }

    /**
     * profq info reads no event it can take from the index: the events by kind come from the counts
     * the index keeps, and from nowhere when the log is larger than info reads and there is no index
     * yet (here info reads no log at all, -Dprofq.infoKindsReadAtMostBytes=0), and then it says when
     * they will be known. The index line tells no table from some.
     */
    @Test
    void takesTheEventsByKindFromTheIndex(@TempDir Path dir) throws Exception {
        Outcome recorded = run(dir, Forked.record(List.of("--no-index", "--clock=exact"), "Allocations"));
        assertEquals(0, recorded.exitCode(), recorded::toString);
        Path recording = dir.resolve("Allocations.profq");
        List<String> infoReadingNoEvents = new ArrayList<>(profq("info", recording.toString()));
        infoReadingNoEvents.add(1, "-Dprofq.infoKindsReadAtMostBytes=0");

        Outcome unindexed = run(dir, infoReadingNoEvents);
        assertEquals(0, unindexed.exitCode(), unindexed::toString);
        assertEquals(List.of("events        " + eventsOf(run(dir, profq("info", recording.toString())))
                        + " (by kind: counted when the recording is indexed, by its first query)",
                "index         not built (built on the first query)"), linesOf(unindexed, "events  ", "index "));

        Outcome query = run(dir, profq("sql", recording.toString(), "-e", "SELECT COUNT(*) FROM allocations"));
        assertEquals(0, query.exitCode(), query::toString);
        Outcome indexed = run(dir, infoReadingNoEvents);
        assertEquals(0, indexed.exitCode(), indexed::toString);
        List<String> lines = linesOf(indexed, "events  ", "index ");
        assertEventsLine(3116, "1,003 call entries, 1,003 call exits, 1,110 allocations, 0 deaths, 0 exceptions", lines.get(0));
        assertTrue(lines.get(1).matches("index         built, \\d+ bytes in " + Pattern.quote(recording.resolve("index").toString())
                + "; partly: 1 of \\d+ tables \\(a query indexes what it reads\\)"), lines.get(1));
    }

    /**
     * The log read line says what opening read: all of the log the first time (and the scan is
     * kept), then the header alone, then, with the log replaced by another run's under the kept
     * scan, all of it again, and why.
     */
    @Test
    void saysHowMuchOfTheLogOpeningReadAndWhy(@TempDir Path dir) throws Exception {
        Outcome recorded = run(dir, Forked.record(List.of("--no-index", "--clock=exact", "--out=Allocations.profq"), "Allocations"));
        assertEquals(0, recorded.exitCode(), recorded::toString);
        Path recording = dir.resolve("Allocations.profq");
        Path kept = recording.resolve("index").resolve("logscan.state");
        assertTrue(Files.isRegularFile(kept), "profq record's summary kept its scan");
        long logBytes;
        try (Recording opened = Recording.open(recording)) {
            logBytes = opened.logBytes();
        }

        Files.delete(kept);
        assertEquals(List.of(String.format(Locale.ROOT, "log read      %,d bytes on opening, all of the log: no scan of it was kept yet"
                + " (it is kept now, for the next process)", logBytes)), linesOf(run(dir, profq("info", recording.toString())), "log read"));
        assertTrue(Files.isRegularFile(kept));

        List<String> fromKept = linesOf(run(dir, profq("info", recording.toString())), "log read");
        Matcher read = Pattern.compile("log read      ([\\d,]+) bytes on opening: the header and what was flushed after the scan of the log"
                + " kept with its index").matcher(fromKept.get(0));
        assertTrue(read.matches(), fromKept.toString());
        long headerBytes = Long.parseLong(read.group(1).replace(",", ""));
        assertTrue(headerBytes < 4096 && headerBytes < logBytes / 4, headerBytes + " of " + logBytes + " bytes");

        Outcome other = run(dir, Forked.record(List.of("--no-index", "--clock=exact", "--out=Other.profq"), "Allocations"));
        assertEquals(0, other.exitCode(), other::toString);
        try (Stream<Path> files = Files.list(recording.resolve("events"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.delete(file);
            }
        }
        try (Stream<Path> files = Files.list(dir.resolve("Other.profq").resolve("events"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, recording.resolve("events").resolve(file.getFileName()));
            }
        }
        long otherBytes;
        try (Recording opened = Recording.open(recording)) {
            otherBytes = opened.logBytes();
        }
        assertEquals(List.of(String.format(Locale.ROOT, "log read      %,d bytes on opening, all of the log: the scan of it kept with its"
                + " index was set aside (it is of another run's log: the header is not the one it read)", otherBytes)),
                linesOf(run(dir, profq("info", recording.toString())), "log read"));
        Outcome query = run(dir, profq("sql", recording.toString(), "-e", "SELECT COUNT(*) FROM methods"));
        assertEquals(0, query.exitCode(), query::toString);
        assertEquals(List.of(), query.stderrLines(), "info kept the scan of the log as it is now: nothing set aside");
    }

    /** The lines of {@code outcome}'s stdout that start with one of {@code prefixes}. */
    private static List<String> linesOf(Outcome outcome, String... prefixes) {
        return outcome.stdout().lines().filter(line -> Arrays.stream(prefixes).anyMatch(line::startsWith)).toList();
    }

    /** The event count of an info's events line. */
    private static String eventsOf(Outcome info) {
        return linesOf(info, "events  ").get(0).substring(14).split(" ")[0];
    }

    /** The events line: {@code events} of {@code kinds}, and the CPU time readings, however many the run took. */
    private static void assertEventsLine(long events, String kinds, String line) {
        Matcher matcher = Pattern.compile("events        (\\d{1,3}(?:,\\d{3})*) \\((.*?)(, ([\\d,]+) CPU time readings)?\\)").matcher(line);
        assertTrue(matcher.matches(), line);
        assertEquals(kinds, matcher.group(2));
        assertEquals(events + (matcher.group(4) == null ? 0 : Long.parseLong(matcher.group(4).replace(",", ""))), Long.parseLong(matcher.group(1).replace(",", "")), line);
    }
}
