package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.record;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;

/**
 * {@code profq record --for REPORT,...}: demand-driven recording (MEProf). The Allocations sample
 * recorded for the heap report alone records its 1,110 allocations and no call; the heap report
 * on it has exactly the rows it has on a full recording; a query that needs calls says in one
 * sentence that there are none and why; {@code profq info} shows what was recorded and for what.
 */
class RecordForIT {
    private static final String NO_CALLS = "this recording has no call events: it was recorded --for heap; record again --for"
            + " a report that reads them, or without --for.";

    @Test
    void forHeapRecordsNoCallsAndTheHeapReportIsStillExact(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("heap.profq");
        Outcome recorded = run(dir, record(List.of("--clock=exact", "--out", recording.toString(), "--for", "heap"), "Allocations"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("profq: --for heap records allocations (what the report reads); not recorded: calls, deaths, exceptions, uses.",
                recorded.stderrLines().get(0));
        try (Recording opened = Recording.open(recording)) {
            List<RecordedEvent> events = opened.readAllEvents();
            assertEquals(0, events.stream().filter(event -> event instanceof RecordedEvent.CallEntry
                    || event instanceof RecordedEvent.CallExit).count(), "no call events");
            assertEquals(1_110, events.stream().filter(event -> event instanceof RecordedEvent.Allocation).count());
            assertTrue(opened.run().options().contains("events=allocations"), opened.run().options());
            assertTrue(opened.run().options().endsWith(",for=heap"), opened.run().options());
        }

        Outcome heap = run(dir, profq("report", "heap", recording.toString(), "--format", "csv"));
        Outcome fullHeap = run(dir, profq("report", "heap", Recorded.sample("Allocations").toString(), "--format", "csv"));
        assertEquals("""
                signature,objects,bytes,share
                profq.samples.Allocations.allocate(),1110,31360,1.0
                """, heap.stdout(), heap::toString);
        assertEquals(fullHeap.stdout(), heap.stdout(), "the same rows as a full recording's");
        Outcome bySite = run(dir, profq("sql", recording.toString(), "--format", "csv", "-e", "SELECT * FROM heap_by_site"));
        Outcome fullBySite = run(dir, profq("sql", Recorded.sample("Allocations").toString(), "--format", "csv", "-e",
                "SELECT * FROM heap_by_site"));
        assertEquals(fullBySite.stdout(), bySite.stdout(), bySite::toString);

        Outcome time = run(dir, profq("report", "time", recording.toString()));
        assertEquals(1, time.exitCode(), time::toString);
        assertEquals(List.of("profq: the report time failed: " + NO_CALLS), time.stderrLines());
        assertEquals("", time.stdout(), "no empty table");
        Outcome sql = run(dir, profq("sql", recording.toString(), "-e", "SELECT COUNT(*) FROM calls"));
        assertEquals(1, sql.exitCode(), sql::toString);
        assertEquals(List.of("profq: the query failed: " + NO_CALLS), sql.stderrLines());
        Outcome language = run(dir, profq("sql", recording.toString(), "-e", "time by method"));
        assertEquals(List.of("profq: the query failed: " + NO_CALLS), language.stderrLines());

        Outcome info = run(dir, profq("info", recording.toString()));
        List<String> lines = info.stdout().lines().toList();
        assertEquals("event kinds   allocations; not recorded: calls, deaths, exceptions, uses", lines.get(9));
        assertEquals("recorded for  heap (profq record --for: the event kinds this report reads)", lines.get(10));
    }

    /** Several reports: what each reads, together; and a user's report by its path, recorded for what its SQL reads. */
    @Test
    void forSeveralReportsRecordsWhatEachReads(@TempDir Path dir) throws Exception {
        Path report = dir.resolve("mine").resolve("long-lived.sql");
        Files.createDirectories(report.getParent());
        Files.writeString(report, """
                -- long-lived: which sites make objects that outlive the run?
                --
                -- Columns:
                --   site_id  BIGINT  the site
                SELECT site_id FROM lifetimes WHERE at_exit
                """);
        Path recording = dir.resolve("both.profq");
        Outcome recorded = run(dir, record(List.of("--clock=exact", "--out", recording.toString(), "--for",
                "heap,time," + report), "Allocations"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals("profq: --for heap,time," + report + " records calls, allocations, deaths (what the reports"
                + " read); not recorded: exceptions, uses.", recorded.stderrLines().get(0));
        Outcome time = run(dir, profq("report", "time", recording.toString(), "--format", "csv"));
        Outcome fullTime = run(dir, profq("report", "time", Recorded.sample("Allocations").toString(), "--format", "csv"));
        assertEquals(0, time.exitCode(), time::toString);
        assertEquals(calls(fullTime.stdout()), calls(time.stdout()));
        Outcome heap = run(dir, profq("report", "heap", recording.toString(), "--format", "csv"));
        assertEquals(run(dir, profq("report", "heap", Recorded.sample("Allocations").toString(), "--format", "csv")).stdout(),
                heap.stdout());

        Outcome info = run(dir, profq("info", recording.toString()));
        List<String> lines = info.stdout().lines().toList();
        assertEquals("event kinds   calls, allocations, deaths; not recorded: exceptions, uses", lines.get(9));
        assertEquals("recorded for  heap, time, " + report + " (profq record --for: the event kinds these reports read)",
                lines.get(10));
    }

    @Test
    void anUnknownReportIsAUsageErrorAndNothingRuns(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, record(List.of("--for", "heap,nosuch"), "Allocations"));

        assertEquals(2, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: there is no report named 'nosuch'; the reports are summary, heap, lifetime, waste, time,"
                + " values, compare-heap, compare-time (see profq reports), or give a report's path."), outcome.stderrLines());
        assertEquals("", outcome.stdout(), "the program did not run");
        assertEquals(List.of(), entries(dir), "no recording");
    }

    @Test
    void forChoosesTheEventsSoEventsIsRefusedBesideIt(@TempDir Path dir) throws Exception {
        Outcome both = run(dir, record(List.of("--for", "heap", "--events", "calls"), "Allocations"));
        assertEquals(2, both.exitCode(), both::toString);
        assertEquals(List.of("profq: --for chooses the event families its reports read; give --for or --events, not both."),
                both.stderrLines());

        Outcome values = run(dir, record(List.of("--for", "values"), "Allocations"));
        assertEquals(2, values.exitCode(), values::toString);
        assertEquals(List.of("profq: --for values reads value profiles; say which methods to profile with --values=PATTERN."),
                values.stderrLines());
    }

    /** The signature and calls columns of a time report in CSV: the rest are durations. */
    /** The report's first two columns, sorted: it ranks by time, which two runs of the same program need not share. */
    private static List<String> calls(String csv) {
        return csv.lines().map(line -> {
            String[] columns = line.split(",");
            return columns[0] + "," + columns[1];
        }).sorted().toList();
    }

    private static List<String> entries(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
