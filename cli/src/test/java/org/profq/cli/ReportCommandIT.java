package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recording.Recording;

/**
 * Saved reports: every built-in report's exact rows on the samples (recorded through the real
 * agent), parameters bound as typed values, user reports in ./reports, and the HTML page.
 */
class ReportCommandIT {

    @Test
    void theValuesReportOnARecordingWithoutValueProfilesSaysWhy(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("report", "values", Recorded.sample("Allocations").toString()));
        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: the report values failed: this recording has no value profiles: it was recorded without"
                + " --values; record again with --values=PATTERN (the methods to profile, as package.Class.method globs)."),
                outcome.stderrLines());
        assertEquals("", outcome.stdout(), "no empty table");
    }

    @Test
    void heapReportOnAllocations(@TempDir Path dir) throws Exception {
        assertEquals("""
                signature,objects,bytes,share
                profq.samples.Allocations.allocate(),1110,31360,1.0
                """, csv(dir, "heap", "Allocations"));
    }

    /**
     * The user-defined events example's saved report (samples/reports/ball_velocity.sql, run from
     * samples/ as docs/user-events.md says): each velocity change the example's aspect recorded, in time order.
     */
    @Test
    void theExamplesBallVelocityReport() throws Exception {
        Path recording = Recorded.sample("events.BouncingBalls", List.of("--aspects=" + Forked.SAMPLE_ASPECTS_JAR));
        Path samples = Forked.SAMPLES_JAR.getParent().getParent();
        Outcome outcome = run(samples, profq("report", "ball_velocity", recording.toString(), "--param", "ball=red",
                "--format", "csv"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<String> withoutTimes = outcome.stdout().lines().map(line -> line.substring(line.indexOf(',') + 1)).toList();
        assertEquals(List.of(
                "ball,dx,dy,speed,rightward,changed_in",
                "red,3,2,3.605551275463989,true,\"profq.samples.events.Ball.<init>(java.lang.String, int, int, int, int)\"",
                "red,3,-2,3.605551275463989,true,profq.samples.events.BouncingBalls.step(profq.samples.events.Ball)",
                "red,-3,-2,3.605551275463989,false,profq.samples.events.BouncingBalls.step(profq.samples.events.Ball)",
                "red,-3,2,3.605551275463989,false,profq.samples.events.BouncingBalls.step(profq.samples.events.Ball)",
                "red,3,2,3.605551275463989,true,profq.samples.events.BouncingBalls.step(profq.samples.events.Ball)",
                "red,3,-2,3.605551275463989,true,profq.samples.events.BouncingBalls.step(profq.samples.events.Ball)"),
                withoutTimes);
    }

    @Test
    void lifetimeReportOnChurnSeparatesTheDroppedFromTheKept(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Churn", List.of("--events=calls:deaths", "--track=1"));
        Outcome outcome = run(dir, profq("report", "lifetime", recording.toString(), "--format", "csv"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<List<String>> rows = outcome.stdout().lines().map(line -> List.of(line.split(","))).toList();
        assertEquals(List.of("signature", "line", "type_name", "allocated_objects", "tracked_objects", "alive_at_exit",
                "unreachable_at_exit", "mean_ns", "p50_ns", "p90_ns", "max_ns"), rows.get(0));
        assertEquals(List.of(
                List.of("profq.samples.Churn.fill(int)", "27", "profq.samples.Churn$Item", "10000", "10000", "0", "0"),
                List.of("profq.samples.Churn.keep(int)", "34", "profq.samples.Churn$Item", "10", "10", "10", "0"),
                List.of("profq.samples.Churn.<clinit>()", "12", "java.util.ArrayList", "1", "1", "1", "0"),
                List.of("profq.samples.Churn.fill(int)", "25", "java.util.ArrayList", "1", "1", "0", "0")),
                rows.subList(1, rows.size()).stream().map(row -> row.subList(0, 7)).toList());
        for (List<String> row : rows.subList(1, rows.size())) {
            assertEquals(11, row.size(), row::toString);
            assertTrue(Long.parseLong(row.get(10)) >= Long.parseLong(row.get(8)), "max >= median: " + row);
        }

        Outcome top2 = run(dir, profq("report", "lifetime", recording.toString(), "--param", "top=2", "--format", "csv"));
        assertEquals(3, top2.stdout().lines().count(), top2::toString);
    }

    /** EndlessCache's 100 Entries are used at once and held to the end: the top waste, nearly all drag. */
    @Test
    void wasteReportOnACacheThatNeverEvictsShowsItsDrag(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("EndlessCache", List.of("--events=calls:uses", "--track=1"));
        Outcome outcome = run(dir, profq("report", "waste", recording.toString(), "--param", "top=1", "--format", "csv"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<List<String>> rows = outcome.stdout().lines().map(line -> List.of(line.split(","))).toList();
        assertEquals(List.of("signature", "line", "type_name", "uses_observable", "tracked_objects", "never_used", "alive_at_exit",
                "lag_share", "drag_share", "waste_share", "est_lag_min_ns", "est_drag_min_ns"), rows.get(0));
        assertEquals(2, rows.size(), outcome::toString);
        List<String> top = rows.get(1);
        assertEquals(List.of("profq.samples.EndlessCache.lookup(int)", "27", "profq.samples.EndlessCache$Entry", "true", "100", "0",
                "100"), top.subList(0, 7));
        assertTrue(Double.parseDouble(top.get(8)) > 0.9, "drag share: " + top);
    }

    /** The waste page's chart of waste_share labels its bars with the share rounded as the table shows it, not 17 digits. */
    @Test
    void theWasteChartsLabelsAreRounded(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("EndlessCache", List.of("--events=calls:uses", "--track=1"));
        Outcome outcome = run(dir, profq("report", "waste", recording.toString(), "--format", "html", "-o", "waste.html"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        String html = Files.readString(dir.resolve("waste.html"));
        Matcher labels = Pattern.compile("<text x=\"\\d+\" y=\"\\d+\">([^<]*)</text></g>").matcher(html);
        List<String> shown = new ArrayList<>();
        while (labels.find()) {
            shown.add(labels.group(1));
        }
        assertFalse(shown.isEmpty(), html);
        assertTrue(shown.stream().allMatch(label -> label.matches("(0|1)(\\.\\d{1,4})?")), "shares to four decimals: " + shown);
    }

    @Test
    void timeReportOnRecursionCountsEveryCallOfSum(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("report", "time", Recorded.sample("Recursion").toString(), "--format", "csv"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<List<String>> rows = outcome.stdout().lines().map(line -> List.of(line.split(","))).toList();
        assertEquals(List.of("signature", "calls", "self_cpu_ns", "inclusive_cpu_ns", "self_ns", "inclusive_ns", "share"), rows.get(0));
        assertEquals(3, rows.size());
        // ranked by self CPU time, which of two methods that each take well under a millisecond has more is the clock's to say
        Map<String, List<String>> bySignature = rows.subList(1, 3).stream().collect(Collectors.toMap(row -> row.get(0), row -> row));
        List<String> main = bySignature.get("profq.samples.Recursion.main(java.lang.String[])");
        List<String> sum = bySignature.get("profq.samples.Recursion.sum(int)");
        assertEquals("1", main.get(1));
        assertEquals("1.0", main.get(6), "main is the only outermost call");
        assertEquals("11", sum.get(1));
        assertTrue(Long.parseLong(sum.get(5)) <= Long.parseLong(main.get(5)), "sum runs inside main");
    }

    @Test
    void timeReportRanksBySelfCpuTimeOrOnRequestBySelfWallTime(@TempDir Path dir) throws Exception {
        // a thread that sleeps for a second beside one that computes for a second, while main waits for both
        String recording = Recorded.sample("RunningAndWaiting").toString();
        Outcome byCpu = run(dir, profq("report", "time", recording, "--format", "csv"));
        Outcome byWall = run(dir, profq("report", "time", recording, "--param", "by=wall", "--format", "csv"));
        Outcome byNeither = run(dir, profq("report", "time", recording, "--param", "by=self"));

        assertEquals(0, byCpu.exitCode(), byCpu::toString);
        List<List<String>> cpuRows = byCpu.stdout().lines().skip(1).map(line -> List.of(line.split(","))).toList();
        assertEquals("profq.samples.RunningAndWaiting.compute()", cpuRows.get(0).get(0), byCpu.stdout());
        assertNonIncreasing(cpuRows, 2, byCpu.stdout());

        assertEquals(0, byWall.exitCode(), byWall::toString);
        List<List<String>> wallRows = byWall.stdout().lines().skip(1).map(line -> List.of(line.split(","))).toList();
        assertNonIncreasing(wallRows, 4, byWall.stdout());
        // a second of its own each: sleeping, computing, and waiting for the two threads to end
        assertEquals(Set.of("profq.samples.RunningAndWaiting.sleep()", "profq.samples.RunningAndWaiting.compute()",
                "profq.samples.RunningAndWaiting.main(java.lang.String[])"),
                wallRows.subList(0, 3).stream().map(row -> row.get(0)).collect(Collectors.toSet()), byWall.stdout());
        List<String> cpuOrder = cpuRows.stream().map(row -> row.get(0)).toList();
        assertTrue(cpuOrder.indexOf("profq.samples.RunningAndWaiting.sleep()") > 0, "sleeping takes no CPU: " + byCpu.stdout());

        assertEquals(2, byNeither.exitCode(), byNeither::toString);
        assertEquals(List.of("profq: the parameter by takes 'cpu' or 'wall', and 'self' is not one of them."),
                byNeither.stderrLines());
    }

    private static void assertNonIncreasing(List<List<String>> rows, int column, String table) {
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(Long.parseLong(rows.get(i - 1).get(column)) >= Long.parseLong(rows.get(i).get(column)),
                    "rows ranked by column " + column + ":\n" + table);
        }
    }

    @Test
    void summaryReportOnAllocations(@TempDir Path dir) throws Exception {
        List<String> lines = csv(dir, "summary", "Allocations").lines().toList();

        assertEquals("metric,figure", lines.get(0));
        assertEquals("program,profq.samples.Allocations", lines.get(1));
        assertTrue(lines.get(2).matches("duration_ns,\\d+"), lines.get(2));
        try (Recording recording = Recording.open(Recorded.sample("Allocations"))) {
            // 1,003 calls: main, allocate, 1,000 Point constructors and profq's frame for Point's weaving, in allocate()
            assertEquals(3116, ProgramEvents.count(recording), "the sample's calls and allocations");
            assertEquals(List.of( // events: and the CPU time readings
                    "threads,1", "events," + recording.eventCount(), "events_lost,0", "calls,1003", "methods_called,4",
                    "objects_allocated,1110", "bytes_allocated,31360"), lines.subList(3, 10));
        }
        // Which of the sample's three methods (or profq's weaving of Point) has the most self time depends on the tick
        // clock; any of them may win, and Point.<init>(int, int) comes CSV-quoted for its comma.
        assertTrue(lines.get(10).matches("most_self_time,(\"?profq\\.samples\\.Allocations[.$].*|<profq: weaving>)"), lines.get(10));
        assertEquals("most_bytes_allocated,profq.samples.Allocations.allocate()", lines.get(11));
        assertEquals(12, lines.size());

        // for people, the same figures formatted (fmt_bytes, fmt_ns); CSV above kept the numbers
        Outcome table = run(dir, profq("report", "summary", Recorded.sample("Allocations").toString()));
        assertEquals(0, table.exitCode(), table::toString);
        assertTrue(table.stdout().matches("(?s).*\\n bytes_allocated +\\| 30\\.6 KiB *\\n.*"), table.stdout());
        assertTrue(table.stdout().matches("(?s).*\\n duration_ns +\\| [0-9.]+ (ms|s) *\\n.*"), table.stdout());
    }

    @Test
    void parametersAreTypedValuesNotSqlText(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Recursion").toString();

        Outcome top1 = run(dir, profq("report", "time", recording, "--param", "top=1", "--format", "csv"));
        Outcome injected = run(dir, profq("report", "time", recording, "--param", "top=1 OR 1=1", "--format", "csv"));
        Outcome unknown = run(dir, profq("report", "time", recording, "--param", "limit=1"));

        assertEquals(2, top1.stdout().lines().count(), top1::toString);
        assertEquals(2, injected.exitCode());
        assertEquals(List.of("profq: the parameter top is a BIGINT, and '1 OR 1=1' is not one."), injected.stderrLines());
        assertEquals(2, unknown.exitCode());
        assertEquals(List.of("profq: the report time has no parameter 'limit'; its parameters are [top, by]."), unknown.stderrLines());
    }

    @Test
    void userReportsInDotReportsAreListedAndRun(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("reports"));
        Files.writeString(dir.resolve("reports/deep.sql"), """
                -- deep: which calls are deeper than a depth?
                --
                -- Parameters:
                --   min_depth  BIGINT   9   the depth to exceed
                --   name       VARCHAR  'sum'  the method's name
                --
                -- Columns:
                --   depth  INTEGER  the call's depth
                SELECT c.depth
                FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id
                WHERE c.depth > :min_depth AND m.name = :name
                ORDER BY c.depth
                """);

        Outcome listed = run(dir, profq("reports", "--format", "csv"));
        Outcome ran = run(dir, profq("report", "deep", Recorded.sample("Recursion").toString(), "--format", "csv"));
        Outcome quoted = run(dir, profq("report", "deep", Recorded.sample("Recursion").toString(), "--format", "csv",
                "-p", "name=sum' OR 'a'='a", "-p", "min_depth=0"));

        assertEquals("""
                name,source,answers,parameters
                summary,built-in,"what happened in this run, in a few figures?",""
                heap,built-in,which methods allocate the most memory?,top=10
                lifetime,built-in,"which allocation sites make objects that live long, or die young?",top=10
                waste,built-in,which allocation sites make objects that sit unused?,top=10
                time,built-in,which methods spend the most CPU time (or wall time) in their own code?,top=10 by='cpu'|'wall'
                values,built-in,which methods are called with the same parameters most of the time?,top=10 min_calls=10
                compare-heap,built-in,how did the heap profile change between two runs?,top=20
                compare-time,built-in,how did the time profile change between two runs?,top=20
                deep,reports/deep.sql,which calls are deeper than a depth?,min_depth=9 name='sum'
                """, listed.stdout());
        assertEquals("depth\n10\n11\n", ran.stdout(), ran::toString);
        assertEquals("depth\n", quoted.stdout(), "the quote is part of the value, not SQL");
    }

    @Test
    void htmlIsOneSelfContainedPageWithAChartAndTheTable(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("report", "heap", Recorded.sample("Allocations").toString(),
                "--format", "html", "-o", "heap.html"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        String html = Files.readString(dir.resolve("heap.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("<svg"), "a bar chart");
        assertTrue(html.contains("<td>profq.samples.Allocations.allocate()</td><td class=\"num\" data-value=\"1110\">1110</td>"
                + "<td class=\"num\" data-value=\"31360\">30.6 KiB</td>"), html);
        assertTrue(html.contains("\">30.6 KiB</text></g>"), "the chart's label in units: " + html);
        assertFalse(html.contains("http://") && !html.contains("xmlns=\"http://www.w3.org/2000/svg\""));
        assertFalse(html.contains("https://") || html.contains("src=") || html.contains("<link"), "nothing fetched from the network");
    }

    @Test
    void anUnknownReportIsAUsageError(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("report", "nope", Recorded.sample("Recursion").toString()));

        assertEquals(2, outcome.exitCode());
        assertEquals(List.of("profq: there is no report named 'nope'; the reports are summary, heap, lifetime, waste, time, values, compare-heap, compare-time (see profq reports)."),
                outcome.stderrLines());
    }

    private static String csv(Path dir, String report, String sample) throws Exception {
        Outcome outcome = run(dir, profq("report", report, Recorded.sample(sample).toString(), "--format", "csv"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        return outcome.stdout();
    }
}
