package org.profq.bench.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The known-phase harness runs end to end on a short configuration (every phase at 2 % of its
 * size, one pair), from the packaged profq-bench.jar as docs/accuracy-and-overhead.md's command
 * runs it: the program plain and under the real agent in forked JVMs, the recording read by the
 * query engine in a third. The table has a row per phase, named as the program's methods, in
 * the program's order, each with its figures; how large they are is the benchmark's to report,
 * not this test's to assert.
 */
class KnownPhaseBenchmarkIT {
    private static final Pattern MILLIS = Pattern.compile(" \\d+\\.\\d ");
    private static final Pattern RATIO = Pattern.compile(" \\d+\\.\\d\\d \\(\\d+\\.\\d\\d–\\d+\\.\\d\\d\\) ");

    @TempDir
    Path work;

    @Test
    void aShortRunGivesARowPerPhase() throws Exception {
        Path benchJar = Path.of(System.getProperty("profq.bench.jar", "target/profq-bench.jar")).toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", benchJar.toString(), KnownPhaseBenchmark.class.getName(),
                "--pairs", "1", "--scale", "0.02", "--work", work.resolve("phases").toString());

        JvmRun.Result result = JvmRun.run(command, work.resolve("harness"), Duration.ofMinutes(5)); // a bound against a hang

        assertEquals(0, result.exitCode(), result.stderrText());
        String table = result.stdoutText();
        List<String> rows = table.lines().filter(line -> line.startsWith("| ") && !line.startsWith("| phase ")
                && !line.startsWith("| ---")).toList();
        assertEquals(List.of("loop", "tinyCalls", "sleep", "fileIo", "lockWait", "parallelWork", "shortLivedArrays"),
                rows.stream().map(row -> row.split(" \\| ")[0].substring(2)).toList(), table);
        for (String row : rows) {
            String[] cells = row.split("\\|", -1);
            assertEquals(14, cells.length, row);
            assertEquals(row.contains("| shortLivedArrays |") ? " yes " : " no ", cells[2], row);
            for (int column : List.of(3, 4, 5, 9, 10, 11)) {
                assertTrue(MILLIS.matcher(cells[column]).matches(), "no time in column " + column + ": " + row);
            }
            for (int column : List.of(6, 7, 8)) {
                assertTrue(RATIO.matcher(cells[column]).matches(), "no ratio in column " + column + ": " + row);
            }
            assertTrue(RATIO.matcher(cells[12]).matches() || cells[12].equals(" — "), "no CPU ratio: " + row);
        }
        // sleeping and waiting take no CPU worth dividing by
        for (String waiting : List.of("sleep", "lockWait")) {
            assertTrue(rows.stream().anyMatch(row -> row.startsWith("| " + waiting + " |") && row.endsWith("| — |")), table);
        }
        assertTrue(table.startsWith("KnownPhases, scale 0.02, 1 pairs, "), table);
        assertEquals(table, Files.readString(work.resolve("phases").resolve("results.md")) + "\n");
    }
}
