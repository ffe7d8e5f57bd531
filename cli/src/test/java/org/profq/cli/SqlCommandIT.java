package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recorder.Required;

/**
 * {@code profq sql <recording> -e/-f}: statements run on real recordings of the samples and
 * print in each format; mistakes are one sentence with the error's position.
 */
class SqlCommandIT {

    @Test
    void metaCommandsRunWithEAsInTheShell(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Allocations").toString();
        Outcome sql = run(dir, profq("sql", recording, "-e", "\\sql heap by class where type = '*[]' top 2"));
        assertEquals(0, sql.exitCode(), sql::toString);
        assertTrue(sql.stdout().startsWith("SELECT "), sql::toString);
        assertTrue(sql.stdout().contains("FROM heap_by_class"), sql::toString);
        assertTrue(sql.stdout().contains("LIMIT 2"), sql::toString);

        Outcome describe = run(dir, profq("sql", recording, "-e", "\\d threads", "-e", "SELECT COUNT(*) AS n FROM threads"));
        assertEquals(0, describe.exitCode(), describe::toString);
        assertTrue(describe.stdout().startsWith("table threads: one row per thread that recorded events\n"), describe::toString);
        assertTrue(describe.stdout().contains(" java_thread_id | BIGINT "), describe::toString);
        assertTrue(describe.stdout().endsWith(" n\n---\n 1\n(1 row)\n"), describe::toString);
        assertEquals("", describe.stderr());

        Outcome functions = run(dir, profq("sql", recording, "-e", "\\functions"));
        assertEquals(0, functions.exitCode(), functions::toString);
        assertTrue(functions.stdout().contains("fmt_bytes"), functions::toString);

        Outcome unknown = run(dir, profq("sql", recording, "-e", "\\nope"));
        assertEquals(1, unknown.exitCode(), unknown::toString);
        assertEquals("ERROR: unknown command \\nope; \\help lists them.\n", unknown.stdout());
    }

    @Test
    void dSaysWhichTablesTheRecordingLeftOut(@TempDir Path dir) throws Exception {
        // recorded with the default events, calls and allocations, and no value profiles
        String recording = Recorded.sample("Allocations").toString();
        Outcome list = run(dir, profq("sql", recording, "-e", "\\d"));
        assertEquals(0, list.exitCode(), list::toString);
        assertTrue(list.stdout().contains("| one row per method execution, entry to exit\n"), list::toString);
        assertTrue(list.stdout().contains("| one row per tracked object that died or outlived the run"
                + " (not in this recording: recorded with --events=calls:allocations)\n"), list::toString);
        assertTrue(list.stdout().contains("| one row per use of a tracked object by woven code"
                + " (not in this recording: recorded with --events=calls:allocations)\n"), list::toString);
        assertTrue(list.stdout().contains("| one row per parameter of a value-profiled call (recorded with --values)"
                + " (not in this recording: recorded without --values)\n"), list::toString);

        Outcome deaths = run(dir, profq("sql", recording, "-e", "\\d deaths"));
        assertEquals(0, deaths.exitCode(), deaths::toString);
        assertTrue(deaths.stdout().startsWith("table deaths: one row per tracked object that died or outlived the run"
                + " (not in this recording: recorded with --events=calls:allocations)\n"), deaths::toString);
    }

    @Test
    void aThreadFilterThatMatchesNoThreadSaysSo(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Allocations").toString();
        Outcome none = run(dir, profq("sql", recording, "-e", "heap by method where thread = 'worker'"));
        assertEquals(0, none.exitCode(), none::toString);
        assertTrue(none.stdout().endsWith("(0 rows)\n"), none::toString);
        assertEquals(List.of("profq: no thread matched thread = 'worker'; the recording's threads are 'main'"
                + " (SELECT name FROM threads lists them)."), none.stderrLines());

        // a thread matched, and the other condition left no rows: nothing to add
        Outcome matched = run(dir, profq("sql", recording, "-e", "heap by method where thread = 'main' and bytes > 1gb"));
        assertEquals(0, matched.exitCode(), matched::toString);
        assertTrue(matched.stdout().endsWith("(0 rows)\n"), matched::toString);
        assertEquals("", matched.stderr());
    }

    @Test
    void statementsPipedIntoTheShellRunWithoutAWordOnStderr(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Allocations").toString()), "SELECT COUNT(*) AS n FROM threads;\n");
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertTrue(outcome.stdout().contains(" n\n---\n 1\n(1 row)\n"), outcome::toString);
        assertEquals("", outcome.stderr());
    }

    @Test
    void printsAnAlignedTableByDefault(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Allocations").toString(),
                "-e", "SELECT signature, objects, bytes, share FROM heap_by_method"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("""
                 signature                            | objects | bytes    | share
                --------------------------------------+---------+----------+-------
                 profq.samples.Allocations.allocate() |    1110 | 30.6 KiB |     1
                (1 row)
                """, outcome.stdout());
    }

    /**
     * For people, a column of bytes ({@code bytes}, {@code *_bytes}) or nanoseconds ({@code *_ns})
     * is scaled and right-aligned; CSV and JSON keep the numbers as they are.
     */
    @Test
    void bytesAndNanosecondsAreScaledForPeopleOnly(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Allocations").toString();
        String sql = "SELECT 512 AS size_bytes, 1572864 AS bytes, 830 AS wait_ns, 756628060 AS inclusive_ns,"
                + " 2500000000 AS duration_ns, -31360 AS diff_bytes, 42 AS calls";

        assertEquals("""
                 size_bytes | bytes   | wait_ns | inclusive_ns | duration_ns | diff_bytes | calls
                ------------+---------+---------+--------------+-------------+------------+-------
                      512 B | 1.5 MiB |  830 ns |     756.6 ms |       2.5 s |  -30.6 KiB |    42
                (1 row)
                """, run(dir, profq("sql", recording, "-e", sql)).stdout());
        assertEquals("""
                | size\\_bytes | bytes | wait\\_ns | inclusive\\_ns | duration\\_ns | diff\\_bytes | calls |
                | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
                | 512 B | 1.5 MiB | 830 ns | 756.6 ms | 2.5 s | -30.6 KiB | 42 |
                """, run(dir, profq("sql", recording, "--format", "markdown", "-e", sql)).stdout());
        assertEquals("""
                size_bytes,bytes,wait_ns,inclusive_ns,duration_ns,diff_bytes,calls
                512,1572864,830,756628060,2500000000,-31360,42
                """, run(dir, profq("sql", recording, "--format", "csv", "-e", sql)).stdout());
        assertEquals("""
                [
                {"size_bytes":512,"bytes":1572864,"wait_ns":830,"inclusive_ns":756628060,"duration_ns":2500000000,"diff_bytes":-31360,"calls":42}
                ]
                """, run(dir, profq("sql", recording, "--format", "json", "-e", sql)).stdout());
    }

    /** Markdown escapes what GitHub would read as markup: <init> as a tag, * and _ as emphasis, | as a cell's end. */
    @Test
    void markdownEscapesWhatGitHubWouldReadAsMarkup(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Allocations").toString(), "--format", "markdown",
                "-e", "SELECT signature, 'a|b *c* _d_' AS text FROM methods WHERE name IN ('<init>', 'main') ORDER BY signature"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("""
                | signature | text |
                | --- | --- |
                | profq.samples.Allocations\\$Point.\\<init\\>(int, int) | a\\|b \\*c\\* \\_d\\_ |
                | profq.samples.Allocations.main(java.lang.String\\[\\]) | a\\|b \\*c\\* \\_d\\_ |
                """, outcome.stdout());
    }

    /** CSV as PostgreSQL's COPY writes it (RFC 4180): NULL is an empty field, the empty string a quoted one. */
    @Test
    void csvTellsNullFromTheEmptyString(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Allocations").toString(), "--format", "csv",
                "-e", "SELECT CAST(NULL AS VARCHAR) AS nothing, '' AS blank, 'a,b' AS comma, 'x' AS plain"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("nothing,blank,comma,plain\n,\"\",\"a,b\",x\n", outcome.stdout());
    }

    @Test
    void printsCsvJsonAndMarkdown(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Allocations").toString();
        String sql = "SELECT type_name, objects, bytes FROM heap_by_class";

        assertEquals("""
                type_name,objects,bytes
                profq.samples.Allocations$Point,1000,24000
                int[],100,5600
                long[][],10,1760
                """, run(dir, profq("sql", recording, "--format", "csv", "-e", sql)).stdout());
        assertEquals("""
                [
                {"type_name":"profq.samples.Allocations$Point","objects":1000,"bytes":24000},
                {"type_name":"int[]","objects":100,"bytes":5600},
                {"type_name":"long[][]","objects":10,"bytes":1760}
                ]
                """, run(dir, profq("sql", recording, "--format=json", "-e", sql)).stdout());
        assertEquals("""
                | type\\_name | objects | bytes |
                | --- | ---: | ---: |
                | profq.samples.Allocations\\$Point | 1000 | 23.4 KiB |
                | int\\[\\] | 100 | 5.5 KiB |
                | long\\[\\]\\[\\] | 10 | 1.7 KiB |
                """, run(dir, profq("sql", recording, "--format", "markdown", "-e", sql)).stdout());
    }

    @Test
    void runsEveryStatementOfAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("q.sql"), """
                -- calls of sum; the ';' in this comment does not end a statement
                SELECT COUNT(*) AS sums FROM calls WHERE stack LIKE '%sum(int)';
                SELECT MAX(depth) AS deepest FROM calls;
                """);

        Outcome outcome = run(dir, profq("sql", Recorded.sample("Recursion").toString(), "-f", file.toString(), "--format", "csv"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("sums\n11\ndeepest\n11\n", outcome.stdout());
    }

    @Test
    void opensSeveralRecordingsAsSchemas(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", "a=" + Recorded.sample("Allocations"), "b=" + Recorded.sample("Recursion"),
                "--format", "csv", "-e", "SELECT (SELECT SUM(calls) FROM a.time_by_method) AS a_calls,"
                        + " (SELECT SUM(calls) FROM b.time_by_method) AS b_calls FROM (VALUES (1))"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("a_calls,b_calls\n1003,12\n", outcome.stdout());
    }

    @Test
    void sqlMistakesAreOneSentenceWithThePosition(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Recursion").toString();

        Outcome unknownColumn = run(dir, profq("sql", recording, "-e", "SELECT call_id, nosuch FROM calls"));
        Outcome syntax = run(dir, profq("sql", recording, "-e", "SELECT FROM calls"));

        assertEquals(1, unknownColumn.exitCode());
        assertEquals(List.of("profq: the query failed at line 1, column 17: Column 'nosuch' not found in any table."),
                unknownColumn.stderrLines());
        assertEquals(1, syntax.exitCode());
        assertEquals(List.of("profq: the query failed at line 1, column 8: syntax error at 'FROM'.", "  SELECT FROM calls",
                "         ^^^^"), syntax.stderrLines());
    }

    /**
     * SQL that is not the profiling language either (the connection speaks both) fails as SQL: the
     * word where the syntax breaks, its line and column, and a caret under it, as psql does.
     */
    @Test
    void aSyntaxErrorNamesTheWordWithACaret(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Recursion").toString();

        Outcome misspelt = run(dir, profq("sql", recording, "-e", "SELEC 1"));
        Outcome unfinished = run(dir, profq("sql", recording, "-e", "SELECT call_id\nFROM calls WHERE"));

        assertEquals(1, misspelt.exitCode());
        assertEquals(List.of("profq: the query failed at line 1, column 1: syntax error at 'SELEC'.", "  SELEC 1", "  ^^^^^"),
                misspelt.stderrLines());
        assertEquals(1, unfinished.exitCode());
        assertEquals(List.of("profq: the query failed at line 2, column 17: syntax error at the end of the statement.",
                "  FROM calls WHERE", "  " + " ".repeat(16) + "^"), unfinished.stderrLines());
    }

    @Test
    void usageMistakesExitWith2(@TempDir Path dir) throws Exception {
        Outcome missing = run(dir, profq("sql", "nowhere.profq", "-e", "SELECT 1"));
        Outcome badFormat = run(dir, profq("sql", Recorded.sample("Recursion").toString(), "--format", "xml", "-e", "SELECT 1"));

        assertEquals(2, missing.exitCode());
        assertEquals(List.of("profq: there is no recording at nowhere.profq; give the path of a <name>.profq directory that profq record wrote."),
                missing.stderrLines());
        assertEquals(2, badFormat.exitCode());
        assertEquals(List.of("profq: unknown format 'xml'; use table, csv, json, markdown or html."), badFormat.stderrLines());

        Outcome notARecording = run(dir, profq("sql", dir.toString(), "-e", "SELECT 1"));
        assertEquals(2, notARecording.exitCode(), "a directory that holds no recording, like /tmp, is a usage error too");
        assertEquals(List.of("profq: there is no recording at " + dir + "; give the path of a <name>.profq directory that profq"
                + " record wrote."), notARecording.stderrLines());
    }

    @Test
    void anAggregateWithoutAnAliasIsLabelledWithItsText(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Recursion").toString(), "--format", "csv",
                "-e", "SELECT COUNT(*), MAX(depth) AS deepest, SUM(self_ns) >= 0, 1 + 1 FROM calls"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("COUNT(*),deepest,SUM(self_ns) >= 0,1 + 1\n12,11,true,2\n", outcome.stdout());
    }

    @Test
    void severalDashEsRunInOrder(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Recursion").toString(), "--format", "csv",
                "-e", "SELECT COUNT(*) AS calls FROM calls -- every call", "-e", "SELECT MAX(depth) AS deepest FROM calls"));

        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("calls\n12\ndeepest\n11\n", outcome.stdout());
    }

    /** A query that holds more rows than the heap takes ends in one sentence naming the heap, not a stack trace. */
    @Test
    void aQueryThatRunsOutOfHeapSaysHowToGiveProfqMore(@TempDir Path dir) throws Exception {
        List<String> command = new ArrayList<>(profq("sql", Recorded.sample("ManyEvents").toString(),
                "-e", "SELECT * FROM calls ORDER BY start_ns DESC, call_id"));
        command.add(1, "-Xmx48m");

        Outcome outcome = run(dir, command);

        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertEquals("", outcome.stdout());
        assertTrue(outcome.stderr().matches("profq: the query failed: it needs more memory than profq's heap of \\d+ MB; "
                + "give profq more with PROFQ_JAVA_OPTS=-Xmx1g, or make the query hold fewer rows "
                + "\\(aggregate before joining, or add a WHERE\\)\\.\n"), outcome.stderr());
    }

    /**
     * A recording in a read-only directory (a read-only bind mount, which needs root, as CI has)
     * gets its index in the user's cache: the first query says where, in one line on stderr; a
     * later one reuses it and says nothing.
     */
    @Test
    void aReadOnlyRecordingSaysOnceWhereItsIndexIsKept(@TempDir Path dir) throws Exception {
        Path readOnly = Files.createDirectories(dir.resolve("read-only"));
        // --no-index: an index built while recording would already be in the recording, and nothing would be said.
        Outcome recorded = run(readOnly, Forked.record(List.of("--no-index"), "Allocations"));
        assertEquals(0, recorded.exitCode(), recorded::toString);
        Path recording = readOnly.resolve("Allocations.profq");
        Required.that(mount("--bind", readOnly.toString(), readOnly.toString()) == 0, "a bind mount needs root");
        try {
            assertEquals(0, mount("-o", "remount,bind,ro", readOnly.toString()));
            List<String> query = new ArrayList<>(List.of("env", "XDG_CACHE_HOME=" + dir.resolve("cache")));
            query.addAll(profq("sql", recording.toString(), "-e", "SELECT objects FROM heap_by_method"));

            Outcome first = run(dir, query);
            Outcome later = run(dir, query);

            assertEquals(0, first.exitCode(), first::toString);
            assertTrue(first.stdout().contains(" 1110\n"), first::toString);
            assertEquals(1, first.stderrLines().size(), first::toString);
            assertTrue(first.stderr().matches("profq: the index of " + Pattern.quote(recording.toString())
                    + " cannot be written there \\(read-only file system\\): it is kept in "
                    + Pattern.quote(dir.resolve("cache/profq/index").toString()) + "/Allocations\\.profq-[0-9a-f]{16}"
                    + " instead, for later queries too\n"), first::toString);
            assertEquals(first.stdout(), later.stdout());
            assertEquals("", later.stderr(), "said once");

            // Without XDG_CACHE_HOME the cache is under $HOME, not Java's user.home.
            List<String> homeQuery = new ArrayList<>(List.of("env", "-u", "XDG_CACHE_HOME", "HOME=" + dir.resolve("home")));
            homeQuery.addAll(profq("sql", recording.toString(), "-e", "SELECT objects FROM heap_by_method"));
            homeQuery.add(homeQuery.indexOf(Forked.JAVA) + 1, "-Duser.home=" + dir.resolve("not-home"));
            Outcome inHome = run(dir, homeQuery);
            assertEquals(first.stdout(), inHome.stdout());
            assertTrue(inHome.stderr().contains(" it is kept in " + dir.resolve("home/.cache/profq/index") + "/Allocations.profq-"),
                    inHome::toString);
        } finally {
            mount("-l", readOnly.toString());
        }
    }

    /** Runs mount with {@code arguments}, or umount when they start with -l; gives its exit code. */
    private static int mount(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(arguments[0].equals("-l") ? "umount" : "mount"));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor();
    }
}
