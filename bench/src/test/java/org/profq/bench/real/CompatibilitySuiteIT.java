package org.profq.bench.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compatibility suite end to end on its one program that needs nothing from Maven Central:
 * the JVM-forking {@code profq.bench.compat.Forker} (two children, each inheriting the agent),
 * plain and under profq with every event family, on the default JDK. About 20 seconds.
 */
class CompatibilitySuiteIT {
    @TempDir
    Path work;

    @Test
    void forkingProgramIsIdenticalUnderProfqAndEveryJvmIsRecorded() {
        Path benchJar = Path.of(System.getProperty("profq.bench.jar", "target/profq-bench.jar")).toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", benchJar.toString(), CompatibilitySuite.class.getName(),
                "--programs", "forker", "--jdk25-programs", "none", "--work", work.toString(), "--timeout-minutes", "3");

        JvmRun.Result result = JvmRun.run(command, work.resolve("harness"), Duration.ofMinutes(4));

        assertEquals(0, result.exitCode(), result.stderrText());
        String table = result.stdoutText();
        String row = table.lines().filter(line -> line.startsWith("| forker | ")).findFirst()
                .orElseThrow(() -> new AssertionError("no forker row in\n" + table + "\n" + result.stderrText()));
        String[] cells = row.split("\\|");
        // | program | main class | JDK | identical stdout | exit | stderr added | woven / unwoven | JVMs | new files | overhead |
        assertEquals("yes", cells[4].trim(), table);
        assertEquals("0 / 0", cells[5].trim(), table);
        assertEquals("0", cells[6].trim(), table);
        assertTrue(cells[7].trim().endsWith("/ 0"), table);
        assertEquals("3", cells[8].trim(), table);
        assertEquals("none", cells[9].trim(), table);
    }

    @Test
    void stderrLinesAreComparedAsMultisets() {
        assertEquals(List.of("b"), CompatibilitySuite.minus(List.of("a", "b", "a"), List.of("a", "a")));
        assertEquals(List.of("a"), CompatibilitySuite.minus(List.of("a", "a"), List.of("a")));
        assertEquals(List.of(), CompatibilitySuite.minus(List.of("x"), List.of("x", "y")));
    }
}
