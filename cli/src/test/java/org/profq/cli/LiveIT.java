package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.cli.Forked.Running;
import org.profq.recorder.Required;

/**
 * Live views of a program that runs for a while (the LongRun sample, recorded with
 * {@code --flush 100}): two queries a second apart see its calls grow; {@code \watch} in the REPL
 * redraws a growing count in a real terminal (tmux) until Ctrl-C; {@code profq top} draws its
 * hottest methods, switches to allocation sites on {@code h} and quits on {@code q}, live and on a
 * finished recording.
 */
class LiveIT {
    private static final Pattern CALLS = Pattern.compile("calls=(\\d+)");

    @Test
    void twoQueriesASecondApartSeeTheCallsGrow(@TempDir Path dir) throws Exception {
        Running program = recordLongRun(dir);
        try {
            long first = calls(dir);
            Thread.sleep(1_000);
            long second = calls(dir);
            assertTrue(first > 0 && second > first, first + " calls, then " + second);
        } finally {
            stop(program);
        }
    }

    @Test
    void watchRedrawsTheGrowingCountUntilCtrlC(@TempDir Path dir) throws Exception {
        Required.that(Tmux.available(), "tmux is not installed (.ci/run installs it)");
        Running program = recordLongRun(dir);
        try (Tmux terminal = Tmux.start(dir, repl(dir))) {
            terminal.await("recording=> ");
            terminal.typeLine("\\watch 1 SELECT 'calls=' || CAST(COUNT(*) AS VARCHAR) AS c FROM calls");
            terminal.await("(refresh 1; Ctrl-C stops): SELECT 'calls='");
            long first = lastCount(terminal.await("(1 row)"));
            String later = terminal.await("(refresh 3; Ctrl-C stops)");
            assertTrue(later.contains("every 1 s"), later);
            long third = lastCount(terminal.await("(1 row)"));
            assertNotEquals(first, third, later);
            assertTrue(third > first, first + " then " + third);

            terminal.keys("C-c");
            terminal.await("\\watch stopped.");
            terminal.typeLine("SELECT 'alive' AS still;");
            terminal.await("alive");
        } finally {
            stop(program);
        }
    }

    @Test
    void topDrawsTheHottestMethodsSwitchesToSitesAndQuitsOnQ(@TempDir Path dir) throws Exception {
        Required.that(Tmux.available(), "tmux is not installed (.ci/run installs it)");
        Running program = recordLongRun(dir);
        try (Tmux terminal = Tmux.start(dir, profq("top", "LongRun.profq"))) {
            String screen = terminal.await("hottest methods by self CPU time");
            terminal.await("profq.samples.LongRun$Worker.square(int)");
            assertTrue(terminal.await("no end record yet").contains("profq top LongRun.profq  age "), screen);
            terminal.type("w");
            assertTrue(terminal.await("hottest methods by self wall time").contains("     self ms        calls      incl ms  method"),
                    "wall time in ms, self then inclusive");
            terminal.type("h");
            terminal.await("top allocation sites by bytes");
            terminal.await("profq.samples.LongRun$Worker$Cell  at  profq.samples.LongRun$Worker.step(int):");
            terminal.type("q");
            terminal.await("EXITED 0");
        } finally {
            stop(program);
        }
    }

    /**
     * A program that makes millions of events a second, recorded without indexing: profq top's
     * first screen indexes minutes' worth of work first, and q (or Ctrl-C) quits while it does,
     * not after (108 s after, before each screen was drawn beside the keys).
     */
    @Test
    void topQuitsAtOnceWhileItReadsAFastGrowingRecording(@TempDir Path dir) throws Exception {
        Required.that(Tmux.available(), "tmux is not installed (.ci/run installs it)");
        List<String> command = new ArrayList<>(Forked.record(List.of("--flush", "100", "--no-index", "--out", "Many.profq"), "ManyEvents"));
        command.add("100000000000");
        Running program = Forked.start(dir, command, "");
        try {
            Thread.sleep(2_000);
            // Opened while the program writes at full speed, in the middle of its documents.
            try (Tmux terminal = Tmux.start(dir, profq("top", "Many.profq"))) {
                terminal.await("indexing Many.profq"); // the first screen's queries index the events so far
                Thread.sleep(1_000);
                assertQuitsAtOnce(terminal, "q");
            }
        } finally {
            stop(program);
        }
        // Ctrl-C too, on what the program wrote, still to be indexed.
        try (Tmux terminal = Tmux.start(dir, profq("top", "Many.profq"))) {
            terminal.await("indexing Many.profq");
            Thread.sleep(1_000);
            assertQuitsAtOnce(terminal, "C-c");
        }
    }

    @Test
    void topShowsAFinishedRecordingToo(@TempDir Path dir) throws Exception {
        Required.that(Tmux.available(), "tmux is not installed (.ci/run installs it)");
        try (Tmux terminal = Tmux.start(dir, profq("top", Recorded.sample("Recursion").toString()))) {
            String screen = terminal.await("profq.samples.Recursion.sum(int)");
            assertTrue(screen.contains("ended after "), screen);
            terminal.type("q");
            terminal.await("EXITED 0");
        }
    }

    /**
     * Quitting while the first screen indexes takes as long as a JVM's exit, not the indexing's
     * minutes: 5 s allows for a loaded 2-core machine, where the program being recorded keeps one
     * core busy (2.2 s was seen at load 9).
     */
    private static void assertQuitsAtOnce(Tmux terminal, String key) throws Exception {
        long typed = System.nanoTime();
        terminal.keys(key);
        terminal.await("EXITED 0");
        double seconds = (System.nanoTime() - typed) / 1e9;
        assertTrue(seconds < 5, key + " quit after " + seconds + " s");
    }

    /** LongRun recorded for a minute, flushed every 100 ms, once it is running. */
    private static Running recordLongRun(Path dir) throws Exception {
        List<String> command = new ArrayList<>(Forked.record(List.of("--flush", "100", "--out", "LongRun.profq"), "LongRun"));
        command.add("60");
        Running program = Forked.start(dir, command, "");
        program.awaitStdout("ready");
        Thread.sleep(500);
        return program;
    }

    private static long calls(Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", "LongRun.profq", "--format", "csv", "-e", "SELECT COUNT(*) AS calls FROM calls"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        List<String> lines = outcome.stdout().lines().toList();
        assertEquals("calls", lines.get(0));
        return Long.parseLong(lines.get(1));
    }

    private static long lastCount(String screen) {
        Matcher matcher = CALLS.matcher(screen);
        long last = -1;
        while (matcher.find()) {
            last = Long.parseLong(matcher.group(1));
        }
        assertTrue(last >= 0, screen);
        return last;
    }

    private static List<String> repl(Path home) {
        List<String> command = new ArrayList<>(profq("sql", "LongRun.profq"));
        command.add(1, "-Duser.home=" + home);
        return command;
    }

    private static void stop(Running program) throws InterruptedException {
        program.process().descendants().forEach(ProcessHandle::destroy);
        program.process().destroy();
        program.process().waitFor(30, TimeUnit.SECONDS);
    }
}
