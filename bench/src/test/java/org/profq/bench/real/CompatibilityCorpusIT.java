package org.profq.bench.real;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compatibility corpus's CI rows end to end ({@link CorpusPrograms#CI}: old javac class
 * files, javac 17's records, sealed classes and lambdas, hidden classes, a method near the 64 KB
 * limit, a class made at run time by ASM, jsoup, a JUnit 4 run), each plain, under profq
 * with its default options, and under profq again from the woven-class cache, on the default
 * JDK. Every row must behave identically, and say how many methods it left unwoven. The
 * libraries come from Maven Central through Maven, cached under {@code ~/.cache/profq-bench}.
 * About 4 minutes on 2 cores.
 */
class CompatibilityCorpusIT {
    @TempDir
    Path work;

    @Test
    void everyCiRowBehavesAsWithoutProfqAndCountsItsUnwovenMethods() {
        Path benchJar = Path.of(System.getProperty("profq.bench.jar", "target/profq-bench.jar")).toAbsolutePath();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", benchJar.toString(), CompatibilitySuite.class.getName(),
                "--corpus", "ci", "--jdk25-programs", "none", "--work", work.toString(), "--timeout-minutes", "3");

        JvmRun.Result result = JvmRun.run(command, work.resolve("harness"), Duration.ofMinutes(15));

        assertEquals(0, result.exitCode(), result.stderrText());
        String table = result.stdoutText();
        assertTrue(table.contains(CorpusPrograms.CI.size() + " of " + CorpusPrograms.CI.size() + " rows identical."), table);
        for (String program : CorpusPrograms.CI) {
            String row = table.lines().filter(line -> line.startsWith("| " + program + " | ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + program + " row in\n" + table + "\n" + result.stderrText()));
            String[] cells = row.split("\\|");
            // | program | producer | JDK | identical stdout | exit | stderr added | new files | cached same | classes | methods | why | overhead |
            assertEquals("yes", cells[4].trim(), row);
            assertEquals("0 / 0", cells[6].trim(), row);
            assertEquals("none", cells[7].trim(), row);
            assertEquals("yes", cells[8].trim(), row);
            assertTrue(cells[10].trim().matches("[0-9,]+ / [0-9,]+ \\([0-9.]+ %\\)"), row);
        }
    }
}
