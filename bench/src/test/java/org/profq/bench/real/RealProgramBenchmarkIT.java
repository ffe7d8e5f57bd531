package org.profq.bench.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real-program harness runs end to end on a tiny input: H2 (a single jar from Maven
 * Central, so no dependency resolution) under every configuration, one pair each, from the
 * packaged profq-bench.jar exactly as docs/benchmarks.md's command runs it. It needs Maven Central
 * on the first run; later runs use the cache.
 */
class RealProgramBenchmarkIT {
    private static final Pattern RATIO = Pattern.compile("\\d+\\.\\d\\d×");

    @TempDir
    Path work;

    @Test
    void tinyH2RunGivesItsRows() throws Exception {
        Path benchJar = Path.of(System.getProperty("profq.bench.jar", "target/profq-bench.jar")).toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", benchJar.toString(), RealProgramBenchmark.class.getName(), "--tiny",
                "--programs", "h2", "--work", work.toString(), "--jdk25",
                System.getProperty("profq.jdk25.home", "/usr/lib/jvm/temurin-25-jdk-amd64"), "--timeout-minutes", "9");

        JvmRun.Result result = JvmRun.run(command, work.resolve("harness"), Duration.ofMinutes(10)); // a bound against a hang: about a minute on a quiet machine, over 4 at load 17

        assertEquals(0, result.exitCode(), result.stderrText());
        String table = result.stdoutText();
        String row = table.lines().filter(line -> line.startsWith("| h2 | ")).findFirst().orElseThrow(() ->
                new AssertionError("no h2 row in\n" + table + "\n" + result.stderrText()));
        String[] cells = row.split("\\|");
        assertTrue(cells[3].contains("a: yes, b: yes, c: yes, d: yes"), "profq changed H2's behaviour:\n" + table);
        // (a), (a) round 1, empty advice, (b), (c), (d); then async-profiler cpu, wall and alloc
        for (int column : List.of(4, 5, 6, 7, 8, 9, 11, 12, 13)) {
            assertTrue(RATIO.matcher(cells[column]).find(), "no overhead ratio in column " + column + ": " + row);
        }
        assertFalse(table.contains("changed the behaviour"), table);
        for (String configuration : List.of("profq (a) calls+allocations", "profq (b) everything", "profq (c) narrow",
                "profq (d) --for heap")) {
            assertTrue(table.contains("| h2 | " + configuration + " | "), "no recording row for " + configuration + ":\n" + table);
        }
        assertEquals(table, Files.readString(work.resolve("results.md")) + "\n");
    }
}
