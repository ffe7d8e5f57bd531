package org.profq.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recorder.Jdk;

/**
 * The sample project's {@code @Profq} tests, run through the real agent: they pass on the parser as
 * it is; a one-line change that allocates in the parser's loop breaks the allocation budget and
 * the baseline, each with the counts that broke it; the update flag rewrites the baseline.
 */
class ProfqExtensionIT {
    private static final String UPDATE = "profq.updateBaselines=true";

    @TempDir
    Path work;

    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void aTestPassesWithinItsBudgetAndBaselineAndAnAllocationAddedInALoopFailsBoth(Jdk jdk) throws Exception {
        SampleProject project = SampleProject.copy(work);
        SampleProject.TestRun written = project.test(jdk, true, UPDATE);
        assertEquals("2 passed, 0 failed\n", written.output());
        assertEquals(List.of(
                "# profq baseline: the exact counts of a run (profq check compares a run with it)",
                "# counted: calls, contexts, objects, bytes",
                "calls\t1\tsample.Parser.<init>()",
                "calls\t1\tsample.Parser.parse(java.lang.String)",
                "calls\t3\tsample.Parser.word(java.lang.String, int, int)",
                "calls\t1\tsample.ParserTest.parsesAsItsBaselineSays()",
                "contexts\t1\tsample.ParserTest.parsesAsItsBaselineSays()",
                "contexts\t1\t^1;sample.Parser.<init>()",
                "contexts\t1\t^1;sample.Parser.parse(java.lang.String)",
                "contexts\t3\t^2;sample.Parser.word(java.lang.String, int, int)",
                "objects\t1\tsample.Parser.parse(java.lang.String):9 java.util.ArrayList",
                "objects\t3\tsample.Parser.word(java.lang.String, int, int):21 java.lang.StringBuilder",
                "objects\t1\tsample.ParserTest.parsesAsItsBaselineSays():24 sample.Parser",
                "bytes\t24\tsample.Parser.parse(java.lang.String):9 java.util.ArrayList",
                "bytes\t72\tsample.Parser.word(java.lang.String, int, int):21 java.lang.StringBuilder",
                "bytes\t16\tsample.ParserTest.parsesAsItsBaselineSays():24 sample.Parser"), Files.readAllLines(project.baseline()));

        SampleProject.TestRun unchanged = project.test(jdk, true);
        assertEquals("2 passed, 0 failed\n", unchanged.output());
        assertEquals(0, unchanged.exit());

        project.copyEveryWord();
        SampleProject.TestRun changed = project.test(jdk, true);
        assertEquals("""
                FAILED allocatesWithinItsBudget(TestProfile)
                profq: objects allocated at sample.Parser.*: 7, more than 4:
                  3  sample.Parser.parse(java.lang.String):13 java.lang.String
                  1  sample.Parser.parse(java.lang.String):9 java.util.ArrayList
                  3  sample.Parser.word(java.lang.String, int, int):21 java.lang.StringBuilder
                FAILED parsesAsItsBaselineSays()
                profq: 2 exact counts grew over the baseline baselines/parse.baseline (if that is meant, run the test with -Dprofq.updateBaselines=true and commit the file):
                  count    baseline  current  change  subject
                  objects         0        3      +3  sample.Parser.parse(java.lang.String):13 java.lang.String
                  bytes           0       72     +72  sample.Parser.parse(java.lang.String):13 java.lang.String
                0 passed, 2 failed
                """, changed.output());
        assertEquals(1, changed.exit());

        SampleProject.TestRun updated = project.test(jdk, true, UPDATE);
        assertEquals(1, updated.exit(), "the budget is in the test's code, which the flag leaves as it is");
        SampleProject.TestRun afterTheUpdate = project.test(jdk, true);
        assertEquals(1, afterTheUpdate.exit());
        assertEquals(List.of("FAILED allocatesWithinItsBudget(TestProfile)", "1 passed, 1 failed"),
                afterTheUpdate.output().lines().filter(line -> line.startsWith("FAILED") || line.contains("passed")).toList());
        assertEquals(List.of(
                "objects\t3\tsample.Parser.parse(java.lang.String):13 java.lang.String",
                "bytes\t72\tsample.Parser.parse(java.lang.String):13 java.lang.String"),
                Files.readAllLines(project.baseline()).stream().filter(line -> line.endsWith("java.lang.String")).toList());
    }

    /** A call forbidden inside a method fails with the calling contexts it was made in, from that method down. */
    @Test
    void callsAreCountedByTheCallsTheyWereMadeInside() throws Exception {
        SampleProject project = SampleProject.copy(work);
        SampleProject.TestRun run = project.test("sample.CallingContextTest", Jdk.current(), true);
        assertEquals("""
                FAILED noWordIsMadeInsideParse(TestProfile)
                profq: calls of sample.Parser.word(*) inside sample.Parser.parse(*): 3, not 0:
                  3  sample.Parser.parse(java.lang.String) > sample.Parser.word(java.lang.String, int, int)
                0 passed, 1 failed
                """, run.output());
    }

    /**
     * The parsing of the threads a test starts, and of those they start, counts with the test's own
     * thread; a thread still running when the test ends does not (ThreadsTest's exact counts).
     */
    @Test
    void theThreadsATestStartsCountWithIt() throws Exception {
        SampleProject project = SampleProject.copy(work);
        SampleProject.TestRun run = project.test("sample.ThreadsTest", Jdk.current(), true);
        assertEquals("2 passed, 0 failed\n", run.output());
    }

    @Test
    void withoutTheAgentATestSaysWhatItNeeds() throws Exception {
        SampleProject project = SampleProject.copy(work);
        SampleProject.TestRun run = project.test(Jdk.current(), false);
        assertEquals("""
                FAILED allocatesWithinItsBudget(TestProfile)
                @Profq needs the profq agent in the test's JVM: add -javaagent:/path/to/profq-agent.jar=include=<your packages> to its arguments (Surefire's argLine)
                FAILED parsesAsItsBaselineSays()
                @Profq needs the profq agent in the test's JVM: add -javaagent:/path/to/profq-agent.jar=include=<your packages> to its arguments (Surefire's argLine)
                0 passed, 2 failed
                """, run.output());
    }
}
