package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

/**
 * The profiling language from the command line: {@code profq sql -e/-f} on real recordings
 * of the samples, two recordings compared as schemas a and b, its errors on stderr with a
 * caret and exit code 1, and a report written in it listed and run.
 */
class LanguageCommandIT {

    @Test
    void runsAStatementWithE(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Allocations").toString(), "--format", "csv",
                "-e", "heap by class where type = '*[]' columns type_name, objects, bytes"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("""
                type_name,objects,bytes
                int[],100,5600
                long[][],10,1760
                """, outcome.stdout());
    }

    @Test
    void runsAFileOfStatementsAndSqlSeparatedBySemicolons(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("questions.profq"), """
                -- the methods of the sample, then a count in SQL
                time by method where class = 'profq.samples.*' order by calls desc columns signature, calls;
                SELECT COUNT(*) AS calls FROM calls;
                """);
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Recursion").toString(), "--format", "csv",
                "-f", "questions.profq"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("""
                signature,calls
                profq.samples.Recursion.sum(int),11
                profq.samples.Recursion.main(java.lang.String[]),1
                calls
                12
                """, outcome.stdout());
    }

    @Test
    void comparesTwoRecordingsOpenedAsAAndB(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", "a=" + Recorded.sample("Allocations"), "b=" + Recorded.sample("Allocations"),
                "--format", "csv", "-e", "heap by method compare a with b columns signature, a_bytes, b_bytes, diff_bytes, ratio"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("""
                signature,a_bytes,b_bytes,diff_bytes,ratio
                profq.samples.Allocations.allocate(),31360,31360,0,1.0
                """, outcome.stdout());
    }

    @Test
    void aMistakeIsPointedAtWithACaretAndExitCode1(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("sql", Recorded.sample("Allocations").toString(), "-e", "lifetme by site"));
        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertEquals("", outcome.stdout());
        assertEquals("""
                profq: the query failed at line 1, column 1: expected 'heap', 'lifetime', 'waste', 'time', 'tree', 'calls',\
                 'exceptions' or 'values', found 'lifetme'; did you mean 'lifetime'?
                  lifetme by site
                  ^^^^^^^
                """, outcome.stderr());

        // a recording made without --values has a value profile with no rows, not an error
        Outcome values = run(dir, profq("sql", Recorded.sample("Allocations").toString(), "-e", "values of '*parse*'"));
        assertEquals(0, values.exitCode(), values::toString);
        assertEquals("(0 rows)", values.stdout().strip().lines().reduce((first, last) -> last).orElse(""));
    }

    @Test
    void aReportWrittenInTheLanguageIsListedAndRun(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("reports"));
        Files.writeString(dir.resolve("reports/arrays.sql"), """
                -- arrays: which array types take more than a given size?
                --
                -- Language: profq
                --
                -- Parameters:
                --   min_bytes  BIGINT  1000  the least bytes
                --
                -- Columns:
                --   type_name  VARCHAR  the array type
                --   bytes      BIGINT   its bytes
                heap by class where type = '*[]' and bytes > :min_bytes columns type_name, bytes
                """);
        Outcome listed = run(dir, profq("reports", "--format", "csv"));
        assertEquals(0, listed.exitCode(), listed::toString);
        assertEquals("arrays,reports/arrays.sql,which array types take more than a given size?,min_bytes=1000",
                listed.stdout().lines().filter(line -> line.startsWith("arrays,")).findFirst().orElse(listed.stdout()));

        Outcome report = run(dir, profq("report", "arrays", Recorded.sample("Allocations").toString(), "--format", "csv",
                "-p", "min_bytes=2000"));
        assertEquals(0, report.exitCode(), report::toString);
        assertEquals("""
                type_name,bytes
                int[],5600
                """, report.stdout());
    }
}
