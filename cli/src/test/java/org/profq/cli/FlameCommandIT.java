package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

/** {@code profq flame}: folded stacks byte for byte on the samples, and the self-contained HTML page. */
class FlameCommandIT {
    private static final String MAIN = "profq.samples.Recursion.main(java.lang.String[])";
    private static final String SUM = ";profq.samples.Recursion.sum(int)";

    @Test
    void collapsedCallsOfRecursionHaveOneLinePerDepth(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("flame", Recorded.sample("Recursion").toString(), "--format", "collapsed", "--weight", "calls"));

        StringBuilder expected = new StringBuilder(MAIN + " 1\n");
        for (int depth = 1; depth <= 11; depth++) {
            expected.append(MAIN).append(SUM.repeat(depth)).append(" 1\n");
        }
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals(expected.toString(), outcome.stdout());
    }

    @Test
    void collapsedBytesOfAllocationsChargeAllocate(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("flame", Recorded.sample("Allocations").toString(), "--format=collapsed", "--weight=bytes",
                "-o", "allocations.folded"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("profq.samples.Allocations.main(java.lang.String[]);profq.samples.Allocations.allocate() 31360\n",
                Files.readString(dir.resolve("allocations.folded")));
    }

    @Test
    void dashAsTheOutputFileIsStdout(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("flame", Recorded.sample("Allocations").toString(), "--format=collapsed", "--weight=bytes",
                "-o", "-"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("profq.samples.Allocations.main(java.lang.String[]);profq.samples.Allocations.allocate() 31360\n",
                outcome.stdout());
        assertEquals(List.of(), outcome.stderrLines());
        assertFalse(Files.exists(dir.resolve("-")), "no file named -");
    }

    @Test
    void htmlEmbedsTheTreeAndFetchesNothing(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("flame", Recorded.sample("Allocations").toString(), "-o", "flame.html"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals(List.of("profq: wrote flame.html"), outcome.stderrLines());
        String html = Files.readString(dir.resolve("flame.html"));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("\"n\":\"profq.samples.Allocations.allocate()\""), "the tree is embedded as JSON");
        assertFalse(html.contains("http") || html.contains("src=") || html.contains("<link"), "nothing fetched from the network");
    }

    @Test
    void anUnknownWeightIsAUsageError(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("flame", Recorded.sample("Recursion").toString(), "--weight", "nope"));

        assertEquals(2, outcome.exitCode());
        assertEquals(List.of("profq: unknown weight 'nope'; use time, cpu, wait, calls or bytes."), outcome.stderrLines());
    }
}
