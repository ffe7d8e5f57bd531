package org.profq.bench.real;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * AllocationInALoop end to end on the Phases sample, as docs/comparing-runs.md's command runs it on
 * real programs: the baseline and two unchanged runs pass profq check with no difference; with
 * new byte[16] added to the loop of Phases.compute (100 turns), profq check fails naming that one
 * site, 100 objects and 3,200 bytes more, and nothing else.
 */
class AllocationInALoopIT {
    @TempDir
    Path work;

    @Test
    void theAddedAllocationIsTheOnlyDifferenceProfqCheckFinds() throws Exception {
        Path benchJar = Path.of(System.getProperty("profq.bench.jar", "target/profq-bench.jar")).toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", benchJar + File.pathSeparator + benchJar.resolveSibling("query-lib") + "/*",
                AllocationInALoop.class.getName(), "--programs", "Phases", "--repeats", "2", "--work", work.toString());

        JvmRun.Result result = JvmRun.run(command, work.resolve("harness"), Duration.ofMinutes(10)); // a bound against a hang

        assertEquals(0, result.exitCode(), result.stderrText());
        String row = result.stdoutText().lines().filter(line -> line.startsWith("| Phases |")).findFirst()
                .orElseThrow(() -> new AssertionError(result.stdoutText() + result.stderrText()));
        assertEquals("| Phases | 13 | 2 | 0 | `profq.samples.Phases.compute(int)` | 2 (objects and bytes at"
                + " `profq.samples.Phases.compute(int):31 byte[]`, +100 objects) | yes | yes |", row);
        assertEquals(result.stdoutText(), Files.readString(work.resolve("results.md")));
    }
}
