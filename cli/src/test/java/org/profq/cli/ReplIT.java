package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.profq.recorder.Required;

/**
 * The REPL of {@code profq sql <recording>} in a real pseudo-terminal (tmux): multi-line
 * statements, completion, {@code \d}, Ctrl-C cancelling a long query with the REPL alive,
 * and history kept across two runs.
 */
class ReplIT {
    private static final String PROMPT = "recording=> ";

    @BeforeAll
    static void needsTmux() {
        Required.that(Tmux.available(), "tmux is not installed (.ci/run installs it)");
    }

    @Test
    void runsAMultiLineQueryCompletesATableNameAndDescribesIt(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Recursion"))) {
            terminal.await(PROMPT);
            terminal.typeLine("SELECT signature, calls");
            terminal.typeLine("FROM time_by_method;");
            String screen = terminal.await("(2 rows)");
            assertTrue(screen.contains(" profq.samples.Recursion.sum(int)                 |    11"), screen);

            // "allocati" is also allocation_cost_ns, allocations_made, ... columns: a view's name is unique
            terminal.type("SELECT COUNT(*) AS n FROM heap_by_cl");
            terminal.keys("Tab");
            terminal.await("FROM heap_by_class");
            terminal.typeLine(";");
            terminal.await("(1 row)");

            terminal.typeLine("\\d calls");
            screen = terminal.await("table calls: one row per method execution, entry to exit");
            terminal.await("(21 rows)");
            assertTrue(screen.contains(" call_id "), screen);
        }
    }

    /** A user-defined event's table is listed by \\d and described with its columns, typed as the program put them. */
    @Test
    void userEventTablesAreListedAndDescribed(@TempDir Path home) throws Exception {
        Path recording = Recorded.sample("events.BouncingBalls", List.of("--aspects=" + Forked.SAMPLE_ASPECTS_JAR));
        try (Tmux terminal = Tmux.start(home, withHome(home, Forked.profq("sql", recording.toString())))) {
            terminal.await(PROMPT);
            terminal.typeLine("\\d");
            String screen = terminal.await(" event_ball_velocity ");
            assertTrue(screen.contains("one row per user-defined event ball_velocity (Profq.event), emitted by the program or its aspects"),
                    screen);
            terminal.typeLine("\\d event_ball_velocity");
            screen = terminal.await("(8 rows)");
            assertTrue(screen.contains("table event_ball_velocity: one row per user-defined event ball_velocity"), screen);
            assertTrue(screen.contains(" speed "), screen);
            assertTrue(screen.contains(" DOUBLE (nullable) "), screen);
            terminal.typeLine("SELECT ball, COUNT(*) AS changes FROM event_ball_velocity GROUP BY ball ORDER BY ball;");
            screen = terminal.await("(2 rows)");
            assertTrue(screen.contains(" blue |       5"), screen);
            assertTrue(screen.contains(" red  |       6"), screen);
        }
    }

    @Test
    void theLanguageRunsShowsItsSqlCompletesAndSavesAReport(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Recursion"))) {
            terminal.await(PROMPT);
            terminal.typeLine("time by method where class = 'profq.samples.*' order by calls desc columns signature, calls");
            String screen = terminal.await("(2 rows)");
            assertTrue(screen.contains(" profq.samples.Recursion.sum(int)                 |    11"), screen);

            terminal.typeLine("\\sql tree under '*sum*' top 3");
            screen = terminal.await("LIMIT 3;");
            assertTrue(screen.contains("FROM call_tree\nWHERE ';' || path || ';' LIKE '%;%sum%;%'\nORDER BY path\nLIMIT 3;"), screen);

            terminal.typeLine("tree undr '*sum*'");
            screen = terminal.await("did you mean 'under'?");
            assertTrue(screen.contains("ERROR at line 1, column 6: expected 'under', 'where', 'top', 'order by', 'columns',"
                    + " 'compare' or the end of the statement, found 'undr'; did you mean 'under'?\n  tree undr '*sum*'\n       ^^^^"), screen);

            terminal.type("heap by method compa");
            terminal.keys("Tab");
            terminal.await("heap by method compare");
            terminal.keys("C-u");

            terminal.typeLine("\\set depth 10");
            terminal.await(":depth = 10");
            terminal.typeLine("calls of '*sum*' where depth >= :depth columns depth");
            terminal.await("(2 rows)");
            terminal.typeLine("\\save deep_sums the calls of sum at least :depth deep");
            terminal.await("Saved the report deep_sums as " + home.resolve(".profq/reports/deep_sums.sql"));
            terminal.typeLine("\\save deep_sums");
            terminal.await("ERROR: the report deep_sums exists (" + home.resolve(".profq/reports/deep_sums.sql")
                    + "); \\save! deep_sums replaces it.");
            terminal.typeLine("\\save! deep_sums the calls of sum at least :depth deep");
            terminal.await("Saved the report deep_sums", 2);
        }
        assertEquals("""
                -- deep_sums: the calls of sum at least :depth deep
                --
                -- Language: profq
                --
                -- Parameters:
                --   depth  BIGINT  10  the value of :depth
                --
                -- Columns:
                --   depth  INTEGER  as the statement gives it
                --
                calls of '*sum*' where depth >= :depth columns depth
                """, Files.readString(home.resolve(".profq/reports/deep_sums.sql")));
        List<String> report = withHome(home, Forked.profq("report", "deep_sums", Recorded.sample("Recursion").toString(),
                "--format", "csv", "-p", "depth=11"));
        assertEquals("depth\n11\n", Forked.run(home, report).stdout());
        List<String> reports = withHome(home, Forked.profq("reports", "--format", "csv"));
        assertTrue(Forked.run(home, reports).stdout().contains("deep_sums," + home.resolve(".profq/reports/deep_sums.sql")
                + ",the calls of sum at least :depth deep,depth=10\n"));
    }

    /** A pattern set with {@code \set} gives the rows of the same pattern typed as a literal: 'x.*' matches the package x itself. */
    @Test
    void aSetPatternGivesTheRowsOfTheLiteral(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Recursion"))) {
            terminal.await(PROMPT);
            terminal.typeLine("\\set pkg 'profq.samples.*'");
            terminal.await(":pkg = profq.samples.*");
            terminal.typeLine("time by method where package = :pkg order by calls desc columns signature, calls");
            String screen = terminal.await("(2 rows)");
            assertTrue(screen.contains(" profq.samples.Recursion.sum(int)                 |    11"), screen);
        }
    }

    @Test
    void explainOutputFileAndFormat(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Recursion"))) {
            terminal.await(PROMPT);
            terminal.typeLine("\\explain SELECT call_id FROM calls WHERE depth > 3");
            String screen = terminal.await("(1 row)");
            assertTrue(screen.contains("TableScan(table=[[recording, calls]]"), screen);

            terminal.typeLine("\\o out.txt");
            terminal.await("Results go to out.txt.");
            terminal.typeLine("SELECT 'to the file' AS destination;");
            terminal.typeLine("\\o");
            terminal.await("Results go to the terminal.");
            String file = Files.readString(home.resolve("out.txt"));
            assertTrue(file.contains(" to the file") && file.contains("(1 row)"), file);
            assertTrue(!terminal.screen().contains(" to the file"), "the result went to the file only");

            terminal.typeLine("SELECT 'back' AS here;");
            terminal.await(" back");
            terminal.await("(1 row)", 2);

            terminal.typeLine("\\format csv");
            terminal.await("Output format is csv.");
            terminal.typeLine("SELECT signature, calls FROM time_by_method ORDER BY calls DESC;");
            screen = terminal.await("profq.samples.Recursion.main(java.lang.String[]),1");
            assertTrue(screen.contains("signature,calls\nprofq.samples.Recursion.sum(int),11\n"), screen);
        }
    }

    @Test
    void aResultTallerThanTheTerminalIsPagedUntilQ(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Allocations"), 100, 24)) {
            terminal.await(PROMPT);
            String query = "SELECT call_id FROM calls ORDER BY call_id LIMIT 200;";
            terminal.typeLine(query);
            String screen = terminal.await("-- more (21 of 200 rows) -- Enter/Space: more, q: stop");
            assertTrue(!screen.contains("(200 rows)"), screen);
            terminal.keys("Space");
            terminal.await("-- more (44 of 200 rows) --");
            terminal.keys("Enter");
            terminal.await("-- more (67 of 200 rows) --");
            terminal.keys("q");
            screen = terminal.await(PROMPT, 2);
            assertTrue(!screen.contains("(200 rows)") && !screen.contains("-- more"), screen);

            terminal.typeLine("SELECT 42 AS answer;");
            terminal.await("(1 row)");

            terminal.typeLine("\\pager off");
            terminal.await("Pager is off.");
            terminal.typeLine(query);
            screen = terminal.await("(200 rows)");
            assertTrue(!screen.contains("-- more"), screen);
        }
    }

    @Test
    void ctrlCCancelsALongQueryAndTheReplGoesOn(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Allocations"))) {
            terminal.await(PROMPT);
            terminal.typeLine("SELECT COUNT(*) FROM calls a, calls b, calls c, calls d, calls e;");
            Thread.sleep(2_000);
            terminal.keys("C-c");
            terminal.await("query cancelled.");
            terminal.typeLine("SELECT 42 AS answer;");
            String screen = terminal.await("(1 row)");
            assertTrue(screen.contains("     42"), screen);
            assertTrue(!screen.contains("EXITED"), screen);
        }
    }

    @Test
    void historyFollowsXdgStateHome(@TempDir Path home) throws Exception {
        Path state = home.resolve("state");
        List<String> command = withHome(home, Forked.profq("sql", Recorded.sample("Recursion").toString()),
                "XDG_STATE_HOME=" + state);
        try (Tmux first = Tmux.start(home, command)) {
            first.await(PROMPT);
            first.typeLine("SELECT 8 AS eight;");
            first.await("(1 row)");
            first.await(PROMPT, 2); // the shell reads again: a key typed before it would be flushed with its terminal's mode
            first.keys("C-d");
            first.await("EXITED 0");
        }
        assertTrue(Files.readString(state.resolve("profq/history")).contains("SELECT 8 AS eight;"));
        assertTrue(Files.notExists(home.resolve(".profq/history")), "not in $HOME when XDG_STATE_HOME is set");
    }

    @Test
    void timingCountsTheQueryNotTheTimeInThePager(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Allocations"), 100, 24)) {
            terminal.await(PROMPT);
            terminal.typeLine("\\timing");
            terminal.await("Timing is on.");
            String query = "SELECT call_id FROM calls ORDER BY call_id LIMIT 200;";
            terminal.typeLine(query); // planned and run once, so the next run is quick
            terminal.await("-- more (21 of 200 rows) --");
            terminal.keys("q");
            terminal.await("Time: ");
            terminal.typeLine(query);
            terminal.await("-- more (21 of 200 rows) --"); // the first run's prompt was cleared when q was pressed
            Thread.sleep(6_000); // the user reads the first page
            terminal.keys("q");
            String screen = terminal.await("Time: ", 2);
            String last = screen.substring(screen.lastIndexOf("Time: ") + "Time: ".length());
            double millis = Double.parseDouble(last.substring(0, last.indexOf(" ms")));
            assertTrue(millis < 6_000, "the time spent in the pager is not the query's: " + millis + " ms\n" + screen);
        }
    }

    @Test
    void aSqlSyntaxErrorNamesTheWordWithACaret(@TempDir Path home) throws Exception {
        try (Tmux terminal = Tmux.start(home, repl(home, "Recursion"))) {
            terminal.await(PROMPT);
            terminal.typeLine("SELEC 1;");
            String screen = terminal.await("^^^^^");
            assertTrue(screen.contains("ERROR at line 1, column 1: syntax error at 'SELEC'.\n  SELEC 1\n  ^^^^^"), screen);
            terminal.typeLine("SELECT 42 AS answer;");
            terminal.await("(1 row)");
        }
    }

    @Test
    void historyIsKeptAcrossRuns(@TempDir Path home) throws Exception {
        try (Tmux first = Tmux.start(home, repl(home, "Recursion"))) {
            first.await(PROMPT);
            first.typeLine("SELECT 7 AS seven;");
            first.await("(1 row)");
            first.await(PROMPT, 2); // the shell reads again: a key typed before it would be flushed with its terminal's mode
            first.keys("C-d");
            first.await("EXITED 0");
        }
        assertTrue(Files.readString(home.resolve(".profq/history")).contains("SELECT 7 AS seven;"));
        try (Tmux second = Tmux.start(home, repl(home, "Recursion"))) {
            second.await(PROMPT);
            second.keys("Up");
            second.await(PROMPT + "SELECT 7 AS seven;");
        }
    }

    /** {@code profq sql <sample recording>} with {@code home} as the user's {@code $HOME} (history, reports). */
    private static List<String> repl(Path home, String sample) {
        return withHome(home, Forked.profq("sql", Recorded.sample(sample).toString()));
    }

    /**
     * {@code command} run with {@code $HOME} set to {@code home}, the XDG variables unset but for
     * those in {@code environment} ({@code NAME=value}); {@code -Duser.home} points elsewhere,
     * since {@code $HOME} is what counts.
     */
    private static List<String> withHome(Path home, List<String> command, String... environment) {
        List<String> withHome = new ArrayList<>(List.of("env", "-u", "XDG_STATE_HOME", "-u", "XDG_DATA_HOME", "HOME=" + home));
        withHome.addAll(List.of(environment));
        withHome.addAll(command);
        withHome.add(withHome.indexOf(Forked.JAVA) + 1, "-Duser.home=" + home.resolve("not-home"));
        return withHome;
    }
}
