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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;

/**
 * The HTML pages (a report and the flame graph) opened in headless Chromium, offline: their
 * scripts run to the end without errors, the flame graph draws the sample's hottest method,
 * and a screenshot of each is left in target/screenshots for a person to look at.
 */
class BrowserIT {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots").toAbsolutePath();

    @Test
    void flameGraphDrawsTheHottestMethod(@TempDir Path dir) throws Exception {
        Required.that(Files.isExecutable(CHROMIUM), "chromium is not installed (.ci/run installs it)");
        Outcome flame = run(dir, profq("flame", Recorded.sample("Allocations").toString(), "--weight", "bytes", "-o", "flame.html"));
        assertEquals(0, flame.exitCode(), flame::toString);

        Outcome dom = chromium(dir, "--dump-dom", dir.resolve("flame.html"));

        assertTrue(dom.stdout().contains("data-ready=\"yes\""), "the script ran to the end:\n" + dom);
        assertTrue(dom.stdout().matches("(?s).*class=\"frame\"[^>]*title=\"profq\\.samples\\.Allocations\\.allocate\\(\\) — 30\\.6 KiB"
                        + " \\(100\\.00%\\)\"[^>]*>Allocations\\.allocate\\(\\)</div>.*"),
                "the hottest method is drawn, by its class and name, its package and weight on hover:\n" + dom.stdout());
        assertTrue(dom.stdout().contains(">30.6 KiB in all<"), "the total in units:\n" + dom.stdout());
        assertNoScriptErrors(dom);
        screenshot(dir, dir.resolve("flame.html"), "flame.png");
    }

    @Test
    void reportPageRunsItsScriptAndShowsTheChart(@TempDir Path dir) throws Exception {
        Required.that(Files.isExecutable(CHROMIUM), "chromium is not installed (.ci/run installs it)");
        Outcome report = run(dir, profq("report", "heap", Recorded.sample("Allocations").toString(), "--format", "html", "-o", "heap.html"));
        assertEquals(0, report.exitCode(), report::toString);

        Outcome dom = chromium(dir, "--dump-dom", dir.resolve("heap.html"));

        assertTrue(dom.stdout().contains("data-ready=\"yes\""), "the script ran to the end:\n" + dom);
        assertTrue(dom.stdout().contains("<rect"), dom.stdout());
        assertNoScriptErrors(dom);
        screenshot(dir, dir.resolve("heap.html"), "heap-report.png");
    }

    @Test
    void reportChartLabelsAreClassAndMethodAndStartInsideThePicture(@TempDir Path dir) throws Exception {
        Required.that(Files.isExecutable(CHROMIUM), "chromium is not installed (.ci/run installs it)");
        Files.createDirectories(dir.resolve("reports"));
        Files.writeString(dir.resolve("reports/long.sql"), """
                -- long: which method has the longest name?
                --
                -- Columns:
                --   signature  VARCHAR  a method
                --   bytes      BIGINT   its bytes
                --
                -- Chart: bytes by signature
                SELECT '%s' AS signature, CAST(1000 AS BIGINT) AS bytes FROM run
                """.formatted(LONG_SIGNATURE));
        Outcome report = run(dir, profq("report", "long", Recorded.sample("Allocations").toString(), "--format", "html", "-o", "long.html"));
        assertEquals(0, report.exitCode(), report::toString);
        // the page as drawn: each label's left edge measured by the browser, written into the DOM for --dump-dom
        Path measured = dir.resolve("measured.html");
        Files.writeString(measured, Files.readString(dir.resolve("long.html")).replace("</body>", """
                <script>
                document.querySelectorAll('svg text[text-anchor=end]').forEach(function (label) {
                  label.setAttribute('data-left', String(label.getBBox().x));
                });
                </script>
                </body>"""));

        Outcome dom = chromium(dir, "--dump-dom", measured);

        Matcher label = Pattern.compile("<title>([^<]*)</title><text [^>]*data-left=\"(-?[0-9.]+)\"[^>]*>([^<]*)</text>").matcher(dom.stdout());
        assertTrue(label.find(), dom::toString);
        assertTrue(Double.parseDouble(label.group(2)) >= 0, "the label starts inside the picture, at " + label.group(2));
        assertEquals(LONG_SIGNATURE + ": 1000 B", label.group(1).replace("&gt;", ">"), "the full name on hover");
        assertEquals("PropertyMaker.make(PropertyList, String, FObj)", label.group(3), "the label: class and method");
        assertNoScriptErrors(dom);
    }

    private static final String LONG_SIGNATURE =
            "org.apache.fop.fo.properties.PropertyMaker.make(org.apache.fop.fo.PropertyList, java.lang.String, org.apache.fop.fo.FObj)";

    private static void assertNoScriptErrors(Outcome chromium) {
        assertFalse(chromium.stderr().contains("Uncaught"), chromium.stderr());
    }

    static void screenshot(Path dir, Path page, String name) throws Exception {
        Files.createDirectories(SCREENSHOTS);
        Path png = SCREENSHOTS.resolve(name);
        Files.deleteIfExists(png);
        chromium(dir, "--screenshot=" + png, page);
        assertTrue(Files.size(png) > 1000, "a screenshot at " + png);
    }

    static Outcome chromium(Path dir, String action, Path page) throws Exception {
        return chromium(dir, action, page.toUri().toString());
    }

    /** Chromium, headless, doing {@code action} on the page at {@code url}. */
    static Outcome chromium(Path dir, String action, String url) throws Exception {
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                "--disable-extensions", "--disable-sync", "--no-first-run", "--mute-audio", "--hide-scrollbars",
                "--user-data-dir=" + dir.resolve("chromium-profile"), "--window-size=1200,700",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", action, url));
        return run(dir, command);
    }
}
