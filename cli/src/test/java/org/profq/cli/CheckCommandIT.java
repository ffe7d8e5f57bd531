package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

/**
 * profq check on runs of the Phases sample ({@code Phases 100 100}: load and compute allocate 100
 * long[8] each): two runs alike pass, one more allocation in compute's loop fails naming its site,
 * a baseline file stands for its recording, and what cannot be compared says why.
 */
class CheckCommandIT {
    private static final String COMPUTE_SITE = "profq.samples.Phases.compute(int):32 long[]";
    private static Path first;
    private static Path second;
    private static Path oneMore;

    @BeforeAll
    static void record() throws Exception {
        first = phases("--events=calls:allocations", "100", "100");
        second = phases("--events=calls:allocations", "100", "100");
        oneMore = phases("--events=calls:allocations", "100", "101");
    }

    @Test
    void twoRunsOfADeterministicProgramHaveTheSameExactCounts(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("check", first.toString(), second.toString()));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("profq check: ok, 13 exact counts compared (calls, contexts, objects, bytes), all the same.\n", outcome.stdout());
        assertEquals("", outcome.stderr());
    }

    @Test
    void oneMoreAllocationInALoopFailsTheCheckNamingItsSite(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("check", first.toString(), oneMore.toString(), "--format", "csv"));
        assertEquals(1, outcome.exitCode(), outcome::toString);
        assertEquals("count,subject,baseline,current,change,verdict\n"
                + "objects," + COMPUTE_SITE + ",100,101,1,grew\n"
                + "bytes," + COMPUTE_SITE + ",8000,8080,80,grew\n", outcome.stdout());
        assertEquals(List.of("profq check: failed, 13 exact counts compared (calls, contexts, objects, bytes): 2 grew, the first: objects"
                + " allocated at " + COMPUTE_SITE + ", 100 -> 101."), outcome.stderrLines());
    }

    @Test
    void countsThatShrankAreShownAndPass(@TempDir Path dir) throws Exception {
        Outcome outcome = run(dir, profq("check", oneMore.toString(), first.toString(), "--format", "csv"));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        assertEquals("count,subject,baseline,current,change,verdict\n"
                + "objects," + COMPUTE_SITE + ",101,100,-1,shrank\n"
                + "bytes," + COMPUTE_SITE + ",8080,8000,-80,shrank\n", outcome.stdout());
        assertEquals(List.of("profq check: ok, 13 exact counts compared (calls, contexts, objects, bytes): 2 shrank, none grew."),
                outcome.stderrLines());
    }

    @Test
    void aSavedBaselineIsASmallFileThatStandsForItsRecording(@TempDir Path dir) throws Exception {
        Path baseline = dir.resolve("phases.baseline");
        Outcome saved = run(dir, profq("check", "--save", baseline.toString(), first.toString()));
        assertEquals(0, saved.exitCode(), saved::toString);
        assertEquals("profq: wrote 13 exact counts (calls, contexts, objects, bytes) of " + first + " to " + baseline + ".\n", saved.stdout());
        assertEquals("""
                # profq baseline: the exact counts of a run (profq check compares a run with it)
                # counted: calls, contexts, objects, bytes
                calls\t1\tprofq.samples.Phases.compute(int)
                calls\t1\tprofq.samples.Phases.load(int)
                calls\t1\tprofq.samples.Phases.main(java.lang.String[])
                calls\t2\tprofq.samples.Phases.pause(int)
                contexts\t1\tprofq.samples.Phases.main(java.lang.String[])
                contexts\t1\t^1;profq.samples.Phases.compute(int)
                contexts\t1\t^2;profq.samples.Phases.pause(int)
                contexts\t1\t^1;profq.samples.Phases.load(int)
                contexts\t1\t^2;profq.samples.Phases.pause(int)
                objects\t100\tprofq.samples.Phases.compute(int):32 long[]
                objects\t100\tprofq.samples.Phases.load(int):21 long[]
                bytes\t8000\tprofq.samples.Phases.compute(int):32 long[]
                bytes\t8000\tprofq.samples.Phases.load(int):21 long[]
                """, Files.readString(baseline));

        Outcome same = run(dir, profq("check", baseline.toString(), second.toString()));
        assertEquals(0, same.exitCode(), same::toString);
        Outcome grown = run(dir, profq("check", baseline.toString(), oneMore.toString()));
        assertEquals(1, grown.exitCode(), grown::toString);
    }

    /** Phases calls pause from load and from compute: a rule forbids it inside compute, and allows one inside load. */
    @Test
    void aCallForbiddenInsideAMethodBreaksItsRuleWhereverElseItIsAllowed(@TempDir Path dir) throws Exception {
        Path rules = Files.writeString(dir.resolve("rules"), """
                calls  profq.samples.Phases.pause(*)  inside  profq.samples.Phases.load(*)     <= 1
                calls  profq.samples.Phases.pause(*)  inside  profq.samples.Phases.compute(*)  <= 0
                """);
        Outcome broken = run(dir, profq("check", first.toString(), second.toString(), "--rules", rules.toString()));
        assertEquals(1, broken.exitCode(), broken::toString);
        assertEquals(List.of("  line 2, calls  profq.samples.Phases.pause(*)  inside  profq.samples.Phases.compute(*)  <= 0: 1 calls of"
                        + " profq.samples.Phases.pause(*) inside profq.samples.Phases.compute(*), more than 0",
                "profq check: failed, 13 exact counts compared (calls, contexts, objects, bytes): 1 rule broken."),
                broken.stdout().lines().filter(line -> line.startsWith("  line") || line.startsWith("profq check")).toList());

        Path baseline = dir.resolve("phases.baseline");
        assertEquals(0, run(dir, profq("check", "--save", baseline.toString(), first.toString())).exitCode());
        Outcome fromFile = run(dir, profq("check", first.toString(), baseline.toString(), "--rules", rules.toString()));
        assertEquals(1, fromFile.exitCode(), fromFile::toString);
        assertEquals(broken.stdout(), fromFile.stdout(), "a baseline file keeps the calling contexts the rule counts");

        Path older = Files.writeString(dir.resolve("older.baseline"), """
                # counted: calls
                calls\t1\tprofq.samples.Phases.main(java.lang.String[])
                """);
        Outcome noContexts = run(dir, profq("check", older.toString(), older.toString(), "--rules", rules.toString()));
        assertEquals(1, noContexts.exitCode(), noContexts::toString);
        assertEquals(List.of("profq: the rule at line 1 of " + rules + " counts calls inside a method, which needs the calls by calling"
                + " context; " + older + " does not count them (record calls, or save the baseline again with this profq)."),
                noContexts.stderrLines());

        Path growth = Files.writeString(dir.resolve("growth"), "calls a.B.c() inside a.B.d() grows <= 1\n");
        Outcome usage = run(dir, profq("check", first.toString(), second.toString(), "--rules", growth.toString()));
        assertEquals(2, usage.exitCode(), usage::toString);
        assertEquals("profq: line 1 of " + growth + ": inside keeps a budget of calls to a calling context (calls GLOB inside GLOB"
                + " <= N); it takes no other kind and no growth.", usage.stderrLines().get(0));
    }

    /** A budget on a query of the current recording: Phases calls pause once inside compute, and allocates 200 arrays in all. */
    @Test
    void aQueryGivesABudgetWhatTheKindsOfCountDoNotName(@TempDir Path dir) throws Exception {
        Path rules = Files.writeString(dir.resolve("rules"), """
                sql SELECT COUNT(*) FROM calls WHERE stack LIKE '%.compute(int);%.pause(int)' <= 0
                sql SELECT COUNT(*) FROM allocations <= 200
                """);
        Outcome broken = run(dir, profq("check", first.toString(), second.toString(), "--rules", rules.toString(), "--format", "csv"));
        assertEquals(1, broken.exitCode(), broken::toString);
        assertEquals(List.of("  line 1, sql SELECT COUNT(*) FROM calls WHERE stack LIKE '%.compute(int);%.pause(int)' <= 0: the query"
                        + " gives 1, more than 0",
                "profq check: failed, 13 exact counts compared (calls, contexts, objects, bytes): 1 rule broken."), broken.stderrLines());

        Path text = Files.writeString(dir.resolve("text"), "sql SELECT main_class FROM run <= 1\n");
        Outcome notANumber = run(dir, profq("check", first.toString(), second.toString(), "--rules", text.toString()));
        assertEquals(1, notANumber.exitCode(), notANumber::toString);
        assertEquals(List.of("profq: the query at line 1 gives no single number (one row of one column, such as SELECT COUNT(*) ...),"
                + " which its budget needs (" + text + ")."), notANumber.stderrLines());

        Path baseline = dir.resolve("phases.baseline");
        assertEquals(0, run(dir, profq("check", "--save", baseline.toString(), first.toString())).exitCode());
        Outcome fromFile = run(dir, profq("check", first.toString(), baseline.toString(), "--rules", rules.toString()));
        assertEquals(1, fromFile.exitCode(), fromFile::toString);
        assertEquals(List.of("profq: the rule at line 1 of " + rules + " queries the current run, which a baseline file such as " + baseline
                + " cannot answer; give the current run as a recording."), fromFile.stderrLines());
    }

    /**
     * MovedCalls 3 2 calls check three times from read and twice from write; MovedCalls 2 3 moves
     * one call from read to write: no method's calls change, one calling context's grow. The check
     * fails naming that context alone, a saved baseline keeps the contexts, and a rule addresses them.
     */
    @Test
    void callsMovedFromOneCallerToAnotherGrowTheirCallingContext(@TempDir Path dir) throws Exception {
        Path before = recorded("MovedCalls", "--events=calls", "3", "2");
        Path after = recorded("MovedCalls", "--events=calls", "2", "3");
        String main = "profq.samples.MovedCalls.main(java.lang.String[])";
        String fromWrite = main + ";profq.samples.MovedCalls.write(int);profq.samples.MovedCalls.check(int)";
        String fromRead = main + ";profq.samples.MovedCalls.read(int);profq.samples.MovedCalls.check(int)";

        Outcome moved = run(dir, profq("check", before.toString(), after.toString(), "--format", "csv"));
        assertEquals(1, moved.exitCode(), moved::toString);
        assertEquals("count,subject,baseline,current,change,verdict\n"
                + "contexts," + fromWrite + ",2,3,1,grew\n"
                + "contexts," + fromRead + ",3,2,-1,shrank\n", moved.stdout());
        assertEquals(List.of("profq check: failed, 9 exact counts compared (calls, contexts): 1 grew: calls in the calling context "
                + fromWrite + ", 2 -> 3."), moved.stderrLines());

        Path baseline = dir.resolve("moved.baseline");
        assertEquals(0, run(dir, profq("check", "--save", baseline.toString(), before.toString())).exitCode());
        assertEquals("""
                # profq baseline: the exact counts of a run (profq check compares a run with it)
                # counted: calls, contexts
                calls\t5\tprofq.samples.MovedCalls.check(int)
                calls\t1\tprofq.samples.MovedCalls.main(java.lang.String[])
                calls\t1\tprofq.samples.MovedCalls.read(int)
                calls\t1\tprofq.samples.MovedCalls.write(int)
                contexts\t1\t%1$s
                contexts\t1\t^1;profq.samples.MovedCalls.read(int)
                contexts\t3\t^2;profq.samples.MovedCalls.check(int)
                contexts\t1\t^1;profq.samples.MovedCalls.write(int)
                contexts\t2\t^2;profq.samples.MovedCalls.check(int)
                """.formatted(main), Files.readString(baseline));
        Outcome fromFile = run(dir, profq("check", baseline.toString(), after.toString(), "--format", "csv"));
        assertEquals(1, fromFile.exitCode(), fromFile::toString);
        assertEquals(moved.stdout(), fromFile.stdout());
        Outcome same = run(dir, profq("check", baseline.toString(), before.toString()));
        assertEquals(0, same.exitCode(), same::toString);
        assertEquals("profq check: ok, 9 exact counts compared (calls, contexts), all the same.\n", same.stdout());

        Path rules = Files.writeString(dir.resolve("rules"), """
                calls     *                                      grows <= 0
                contexts  *.read(int);*                          grows <= 0
                contexts  *.write(int);profq.samples.MovedCalls.check(int)  <= 2
                """);
        Outcome ruled = run(dir, profq("check", baseline.toString(), after.toString(), "--rules", rules.toString(), "--format", "csv"));
        assertEquals(1, ruled.exitCode(), ruled::toString);
        assertEquals(List.of("  line 3, contexts  *.write(int);profq.samples.MovedCalls.check(int)  <= 2: 3 calls in"
                        + " *.write(int);profq.samples.MovedCalls.check(int), more than 2",
                "profq check: failed, 9 exact counts compared (calls, contexts): 1 rule broken."), ruled.stderrLines());
    }

    @Test
    void rulesGiveBudgetsAndAllowedGrowthInsteadOfNoCountGrew(@TempDir Path dir) throws Exception {
        Path rules = Files.writeString(dir.resolve("rules"), """
                # compute's loop: at most a hundred arrays; any method may be called 10 % more often
                objects  profq.samples.Phases.compute(*)  <= 100
                calls    *                                grows <= 10%
                bytes    *                                grows <= 80   # one long[8] more is fine
                """);
        Outcome broken = run(dir, profq("check", first.toString(), oneMore.toString(), "--rules", rules.toString(), "--format", "csv"));
        assertEquals(1, broken.exitCode(), broken::toString);
        assertEquals(List.of("  line 2, objects  profq.samples.Phases.compute(*)  <= 100: 101 objects at profq.samples.Phases.compute(*),"
                        + " more than 100",
                "profq check: failed, 13 exact counts compared (calls, contexts, objects, bytes): 1 rule broken."), broken.stderrLines());

        Path junit = dir.resolve("check.xml");
        Outcome reported = run(dir, profq("check", first.toString(), oneMore.toString(), "--rules", rules.toString(), "--junit",
                junit.toString()));
        assertEquals(1, reported.exitCode(), reported::toString);
        assertEquals("""
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="profq check" tests="3" failures="1" errors="0" skipped="0">
                  <testcase classname="profq.check" name="line 2: objects  profq.samples.Phases.compute(*)  &lt;= 100">
                    <failure message="101 objects at profq.samples.Phases.compute(*), more than 100">101 objects at\
                 profq.samples.Phases.compute(*), more than 100</failure>
                  </testcase>
                  <testcase classname="profq.check" name="line 3: calls    *                                grows &lt;= 10%"></testcase>
                  <testcase classname="profq.check" name="line 4: bytes    *                                grows &lt;= 80"></testcase>
                </testsuite>
                """, Files.readString(junit));

        Outcome kept = run(dir, profq("check", oneMore.toString(), first.toString(), "--rules", rules.toString()));
        assertEquals(0, kept.exitCode(), kept::toString);
        assertEquals("profq check: ok, 13 exact counts compared (calls, contexts, objects, bytes), no rule broken.",
                kept.stdout().lines().reduce((a, b) -> b).orElseThrow());

        Path percentBudget = Files.writeString(dir.resolve("percent"), "objects * <= 5%\n");
        Outcome usage = run(dir, profq("check", first.toString(), second.toString(), "--rules", percentBudget.toString()));
        assertEquals(2, usage.exitCode(), usage::toString);
        assertEquals("profq: line 1 of " + percentBudget + " gives a budget in percent; a budget is a number of counts, a share is"
                + " for growth (KIND GLOB grows <= N%).", usage.stderrLines().get(0));

        Path throwsRule = Files.writeString(dir.resolve("throws"), "throws * <= 0\n");
        Outcome unchecked = run(dir, profq("check", first.toString(), second.toString(), "--rules", throwsRule.toString()));
        assertEquals(1, unchecked.exitCode(), unchecked::toString);
        assertEquals(List.of("profq: the rule at line 1 of " + throwsRule + " counts throws, which the runs did not both record;"
                + " record them with the event families the rules need."), unchecked.stderrLines());
    }

    @Test
    void whatCannotBeComparedFailsWithASentence(@TempDir Path dir) throws Exception {
        Path callsOnly = phases("--events=calls", "100", "100");
        Outcome missing = run(dir, profq("check", first.toString(), callsOnly.toString()));
        assertEquals(1, missing.exitCode(), missing::toString);
        assertEquals(List.of("profq: the baseline counts objects, bytes, which the current recording did not record; record it with"
                + " the same --events as the baseline's."), missing.stderrLines());

        Path notABaseline = Files.writeString(dir.resolve("notes.txt"), "calls 1 main\n");
        Outcome unreadable = run(dir, profq("check", notABaseline.toString(), first.toString()));
        assertEquals(1, unreadable.exitCode(), unreadable::toString);
        assertEquals(List.of("profq: " + notABaseline + " is not a profq baseline (it has no '# counted:' line before its counts);"
                + " write one with profq check --save FILE RECORDING."), unreadable.stderrLines());

        Outcome one = run(dir, profq("check", first.toString()));
        assertEquals(2, one.exitCode(), one::toString);
        assertEquals("profq: name a baseline and the current recording: profq check BASELINE CURRENT.", one.stderrLines().get(0));
    }

    /**
     * SlowerStep spins 200 ms of CPU in steady and as many as its argument in step: 600 against 200
     * is one method made slower by 400 ms of CPU, the calls unchanged. Times differ run to run, so
     * the numbers are checked by pattern, and only for the method the change made slower.
     */
    @Test
    void aMethodMadeSlowerFailsOnlyATimeToleranceThatIsStated(@TempDir Path dir) throws Exception {
        Path base = recorded("SlowerStep", "--events=calls", "200");
        Path same = recorded("SlowerStep", "--events=calls", "200");
        Path slower = recorded("SlowerStep", "--events=calls", "600");

        Outcome alike = run(dir, profq("check", base.toString(), same.toString(), "--time-tolerance=50%"));
        assertEquals(0, alike.exitCode(), alike::toString);
        assertEquals("profq check: ok, 6 exact counts compared (calls, contexts), all the same; self CPU time of 3 methods compared, none slower"
                + " than allowed (50 %, or 10 ms).\n", alike.stdout());

        Outcome noTolerance = run(dir, profq("check", base.toString(), slower.toString()));
        assertEquals(0, noTolerance.exitCode(), noTolerance::toString);
        assertEquals("profq check: ok, 6 exact counts compared (calls, contexts), all the same.\n", noTolerance.stdout());

        Outcome caught = run(dir, profq("check", base.toString(), slower.toString(), "--time-tolerance", "50%", "--format", "csv"));
        assertEquals(1, caught.exitCode(), caught::toString);
        Matcher row = Pattern.compile("count,subject,baseline,current,change,verdict\n"
                + "self_cpu_ns,profq\\.samples\\.SlowerStep\\.step\\(long\\),([0-9]+),([0-9]+),([0-9]+),slower\n").matcher(caught.stdout());
        assertTrue(row.matches(), caught::toString);
        assertTrue(Long.parseLong(row.group(3)) > 300_000_000L, caught::toString); // 400 ms of CPU more, less the readings' lumps
        assertEquals(1, caught.stderrLines().size(), caught::toString);
        assertTrue(caught.stderrLines().get(0).matches("profq check: failed, 6 exact counts compared \\(calls, contexts\\), all the same; self CPU"
                + " time of 3 methods compared: 1 slower than allowed \\(50 %, or 10 ms\\): self CPU time of"
                + " profq\\.samples\\.SlowerStep\\.step\\(long\\), [0-9]+ ms -> [0-9]+ ms \\(\\+[0-9,]+ %\\)\\."), caught::toString);

        Path rules = Files.writeString(dir.resolve("rules"), """
                time  profq.samples.SlowerStep.steady()  grows <= 50%
                time  profq.samples.SlowerStep.step(*)   grows <= 100% or 1000ms
                time  profq.samples.SlowerStep.step(*)   grows <= 100%
                """);
        Outcome ruled = run(dir, profq("check", base.toString(), slower.toString(), "--rules", rules.toString(), "--format", "csv"));
        assertEquals(1, ruled.exitCode(), ruled::toString);
        assertEquals(2, ruled.stderrLines().size(), ruled::toString);
        assertTrue(ruled.stderrLines().get(0).matches("  line 3, time  profq\\.samples\\.SlowerStep\\.step\\(\\*\\)   grows <= 100%: self"
                + " CPU time of profq\\.samples\\.SlowerStep\\.step\\(long\\), [0-9]+ ms -> [0-9]+ ms \\(\\+[0-9,]+ %\\)"), ruled::toString);
        assertEquals("profq check: failed, 6 exact counts compared (calls, contexts); self CPU time of 3 methods compared: 1 rule broken.",
                ruled.stderrLines().get(1));

        Path baseline = dir.resolve("steps.baseline");
        assertEquals(0, run(dir, profq("check", "--save", baseline.toString(), base.toString())).exitCode());
        Outcome fromFile = run(dir, profq("check", baseline.toString(), slower.toString(), "--time-tolerance=50%"));
        assertEquals(1, fromFile.exitCode(), fromFile::toString);
        assertEquals(List.of("profq: --time-tolerance 50% compares times, which a baseline file such as " + baseline + " does not hold"
                + " (a time measured elsewhere says nothing of this run); compare two recordings made on the same machine."),
                fromFile.stderrLines());

        Outcome notAPercentage = run(dir, profq("check", base.toString(), slower.toString(), "--time-tolerance=fast"));
        assertEquals(2, notAPercentage.exitCode(), notAPercentage::toString);
        assertEquals("profq: --time-tolerance takes a percentage, such as 20%, not 'fast'.", notAPercentage.stderrLines().get(0));

        Path budget = Files.writeString(dir.resolve("budget"), "time * <= 100\n");
        Outcome timeBudget = run(dir, profq("check", base.toString(), slower.toString(), "--rules", budget.toString()));
        assertEquals(2, timeBudget.exitCode(), timeBudget::toString);
        assertEquals("profq: line 1 of " + budget + " is not a time rule: times differ from run to run, so a rule on them is a tolerance,"
                + " time GLOB grows <= N% (or N ms, whichever is more; 10 ms if not given).", timeBudget.stderrLines().get(0));
    }

    private static Path phases(String events, String... arguments) throws IOException, InterruptedException {
        return recorded("Phases", events, arguments);
    }

    private static Path recorded(String sample, String events, String... arguments) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "it-recordings")), sample).toAbsolutePath();
        List<String> command = new ArrayList<>(List.of("record", events, "--"));
        command.addAll(Forked.sample(sample));
        command.addAll(Arrays.asList(arguments));
        Outcome outcome = run(dir, profq(command.toArray(String[]::new)));
        assertEquals(0, outcome.exitCode(), outcome::toString);
        return dir.resolve(sample + ".profq");
    }
}
