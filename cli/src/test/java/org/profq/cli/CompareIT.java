package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;

/**
 * Two runs of the Phases sample with different arguments compared: {@code Phases 100 100}
 * (load and compute allocate 100 long[8] each and sleep 100 ms each) and {@code Phases 100 300}
 * (compute three times as much): the compare reports' rows, and the differential flame graph
 * in headless Chromium.
 */
class CompareIT {
    private static final String LOAD = "profq.samples.Phases.load(int)";
    private static final String COMPUTE = "profq.samples.Phases.compute(int)";
    private static final String MAIN = "profq.samples.Phases.main(java.lang.String[])";
    private static final String PAUSE = "profq.samples.Phases.pause(int)";
    private static Path even;
    private static Path skewed;

    @BeforeAll
    static void record() throws Exception {
        even = phases("100", "100");
        skewed = phases("100", "300");
    }

    @Test
    void compareHeapGivesEachMethodsSharesTheirChangeAndTheOverlap(@TempDir Path dir) throws Exception {
        Outcome csv = run(dir, profq("report", "compare-heap", "a=" + even, "b=" + skewed, "--format", "csv"));
        assertEquals(0, csv.exitCode(), csv::toString);
        assertEquals("""
                signature,share_a,share_b,difference,ratio,overlap
                profq.samples.Phases.compute(int),0.5,0.75,0.25,1.5,0.75
                profq.samples.Phases.load(int),0.5,0.25,-0.25,0.5,0.75
                """, csv.stdout());

        Outcome table = run(dir, profq("report", "compare-heap", "a=" + even, "b=" + skewed));
        assertEquals(0, table.exitCode(), table::toString);
        assertTrue(table.stdout().matches("(?s).*" + Pattern.quote(COMPUTE) + " +\\| 50\\.0% +\\| 75\\.0% +\\| 25\\.0% +\\| +1\\.5 \\| 75\\.0%.*"),
                table.stdout());
        assertTrue(table.stdout().matches("(?s).*" + Pattern.quote(LOAD) + " +\\| 50\\.0% +\\| 25\\.0% +\\| -25\\.0% +\\| +0\\.5 \\| 75\\.0%.*"),
                table.stdout());
    }

    @Test
    void equalChangesListTheLargerShareFirst(@TempDir Path dir) throws Exception {
        // load allocates three times what compute does; compared with itself, every change is 0
        Path loadHeavy = phases("300", "100");
        Outcome csv = run(dir, profq("report", "compare-heap", "a=" + loadHeavy, "b=" + loadHeavy, "--format", "csv"));
        assertEquals(0, csv.exitCode(), csv::toString);
        assertEquals("""
                signature,share_a,share_b,difference,ratio,overlap
                profq.samples.Phases.load(int),0.75,0.75,0.0,1.0,1.0
                profq.samples.Phases.compute(int),0.25,0.25,0.0,1.0,1.0
                """, csv.stdout());
    }

    @Test
    void compareTimeGivesEachMethodsSharesOfTheRunsTime(@TempDir Path dir) throws Exception {
        Outcome csv = run(dir, profq("report", "compare-time", "a=" + even, "b=" + skewed, "--format", "csv"));
        assertEquals(0, csv.exitCode(), csv::toString);
        List<String> lines = csv.stdout().lines().toList();
        assertEquals("signature,share_a,share_b,difference,ratio,overlap", lines.get(0));
        assertEquals(5, lines.size(), csv::stdout);
        // compute and load moved by a quarter of the run each (sleeps of 100/100 against 100/300 ms), so they come
        // first (in either order: their changes are equal but for the clock); main and pause stay whole
        List<String> moved = lines.subList(1, 3).stream().sorted().toList();
        assertRow(moved.get(0), COMPUTE, 0.50, 0.75);
        assertRow(moved.get(1), LOAD, 0.50, 0.25);
        assertEquals(List.of(MAIN, PAUSE), lines.subList(3, 5).stream().map(line -> line.split(",")[0]).sorted().toList());
        // pause's share is its sleeps' part of main's time: main also runs the loops, class loading and
        // println, which took 4 % of a's 200 ms on a loaded CI machine (0.962)
        for (String line : lines.subList(3, 5)) {
            String[] cells = line.split(",");
            assertEquals(1.0, Double.parseDouble(cells[1]), 0.06, line);
            assertEquals(1.0, Double.parseDouble(cells[2]), 0.06, line);
        }
        // by hand: a's shares (1, 1, .5, .5) normalised by 3, b's (1, 1, .75, .25) by 3; the smaller of each pair
        double overlap = Double.parseDouble(lines.get(1).split(",")[5]);
        double expected = (1 + 1 + 0.5 + 0.25) / 3.0;
        assertEquals(expected, overlap, 0.03);
    }

    @Test
    void theDifferentialFlameGraphDrawsBothRunsFramesColouredByChange(@TempDir Path dir) throws Exception {
        Outcome collapsed = run(dir, profq("flame", "--diff", "a=" + even, "b=" + skewed, "--weight", "bytes", "--format", "collapsed"));
        assertEquals(0, collapsed.exitCode(), collapsed::toString);
        // one long[8] is 80 bytes on 64-bit HotSpot: 100 of them in each of a's phases, 300 in b's compute
        assertEquals(MAIN + ";" + COMPUTE + " 8000 24000\n" + MAIN + ";" + LOAD + " 8000 8000\n", collapsed.stdout());

        Outcome flame = run(dir, profq("flame", "--diff", "a=" + even, "b=" + skewed, "--weight", "bytes", "-o", "diff.html"));
        assertEquals(0, flame.exitCode(), flame::toString);
        Path chromium = Path.of("/usr/bin/chromium");
        Required.that(Files.isExecutable(chromium), "chromium is not installed (.ci/run installs it)");
        Outcome dom = BrowserIT.chromium(dir, "--dump-dom", dir.resolve("diff.html"));
        assertTrue(dom.stdout().contains("data-ready=\"yes\""), "the script ran to the end:\n" + dom);
        assertFalse(dom.stderr().contains("Uncaught"), dom.stderr());
        assertTrue(change(dom.stdout(), COMPUTE) > 0.2, "compute grew from 50% to 75% of the bytes: red\n" + dom.stdout());
        assertTrue(change(dom.stdout(), LOAD) < -0.2, "load shrank from 50% to 25%: blue\n" + dom.stdout());
        assertEquals(0.0, change(dom.stdout(), MAIN), 1e-9, "main has all the bytes in both");
        BrowserIT.screenshot(dir, dir.resolve("diff.html"), "flame-diff.png");
    }

    /** The change (b − a) drawn on the frame named {@code frame} (in full in its title; its label is shorter). */
    private static double change(String dom, String frame) {
        Matcher drawn = Pattern.compile("<div class=\"frame\"[^>]*data-change=\"(-?[0-9.]+)\"[^>]*title=\"" + Pattern.quote(frame) + " — ").matcher(dom);
        assertTrue(drawn.find(), () -> frame + " is drawn:\n" + dom);
        return Double.parseDouble(drawn.group(1));
    }

    private static void assertRow(String line, String signature, double shareA, double shareB) {
        String[] cells = line.split(",");
        assertEquals(signature, cells[0], line);
        assertEquals(shareA, Double.parseDouble(cells[1]), 0.03, line);
        assertEquals(shareB, Double.parseDouble(cells[2]), 0.03, line);
        assertEquals(shareB - shareA, Double.parseDouble(cells[3]), 0.05, line);
    }

    /** {@code profq record --clock=exact -- java -cp samples.jar profq.samples.Phases <arguments>}, in a directory of its own. */
    private static Path phases(String... arguments) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it-recordings")), "Phases").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("record", "--clock=exact", "--"));
        command.addAll(Forked.sample("Phases"));
        command.addAll(Arrays.asList(arguments));
        Outcome outcome = run(dir, profq(command.toArray(String[]::new)));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        return dir.resolve("Phases.profq");
    }
}
