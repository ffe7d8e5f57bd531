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
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
                "--disable-extensions", "--disable-sync", "--no-first-run", "--mute-audio", "--hide-scrollbars",
                "--user-data-dir=" + dir.resolve("chromium-profile"), "--window-size=1200,700",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", action, page.toUri().toString()));
        return run(dir, command);
    }
}
