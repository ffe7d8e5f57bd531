package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.record;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;
import org.profq.recording.Recording;

/**
 * {@code profq record} of a program that forks two JVMs with its own JVM options
 * ({@code profq.samples.ForkingParent}: children {@code ForkedChild 10 0} and {@code 20 3},
 * started at once), then {@code profq info} and {@code profq sql} on the group it leaves.
 */
class MultiJvmCommandsIT {
    /** Calls per child, by its arguments: main, sumOfSquares and n squares. */
    private static final Map<String, Long> CHILD_CALLS = Map.of("10 0", 12L, "20 3", 22L);

    @Test
    void recordInfoAndSqlCoverEveryJvmOfTheProgram(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("forks.profq");
        Outcome plain = run(dir, Forked.sample("ForkingParent"));
        Outcome recorded = run(dir, record(List.of("--out", out.toString()), "ForkingParent"));

        assertEquals(0, recorded.exitCode(), recorded::toString);
        assertEquals(plain.stdout(), recorded.stdout());
        List<String> jvmLines = new ArrayList<>();
        List<String> childArguments = new ArrayList<>();
        try (Recording parent = Recording.open(out)) {
            assertEquals(List.of("profq: recorded " + String.format(java.util.Locale.ROOT, "%,d", parent.eventCount()) + " events to "
                            + out + " (" + String.format(java.util.Locale.ROOT, "%,d", parent.logBytes()) + " bytes in the log, " + String.format(java.util.Locale.ROOT, "%.1f",
                            (double) parent.logBytes() / parent.eventCount()) + " bytes/event, 0 lost); and 2 more JVMs the"
                            + " program started, in " + out.resolve("jvms") + " (profq info " + out + " lists them); the index is ready."),
                    recorded.stderrLines());
            jvmLines.add(String.format("  recording   profq.samples.ForkingParent, pid %d, %d events, %s",
                    parent.run().pid(), parent.eventCount(), out));
        }
        for (String jvm : List.of("jvm2", "jvm3")) {
            Path recording = out.resolve("jvms").resolve(jvm + ".profq");
            try (Recording child = Recording.open(recording)) {
                childArguments.add(child.run().arguments());
                jvmLines.add(String.format("  %-11s profq.samples.ForkedChild %s, pid %d, %d events, %s",
                        jvm, child.run().arguments(), child.run().pid(), child.eventCount(), recording));
            }
        }
        assertEquals(CHILD_CALLS.keySet(), java.util.Set.copyOf(childArguments), "one recording per child");

        Outcome info = run(dir, profq("info", out.toString()));
        assertEquals(0, info.exitCode(), info::toString);
        List<String> lines = info.stdout().lines().toList();
        assertEquals("program       profq.samples.ForkingParent", lines.get(1), "the first JVM is described as before");
        int jvms = lines.indexOf("jvms          3 JVMs recorded here, in start order; each is a schema in profq sql");
        assertEquals(jvmLines, lines.subList(jvms + 1, lines.size()));

        Outcome jvm2Calls = run(dir, profq("sql", out.toString(), "--format", "csv", "-e", "SELECT COUNT(*) AS calls FROM jvm2.calls"));
        assertEquals("calls\n" + CHILD_CALLS.get(childArguments.get(0)) + "\n", jvm2Calls.stdout(), jvm2Calls::toString);
        Outcome everyJvm = run(dir, profq("sql", out.toString(), "--format", "csv", "-e", """
                SELECT (SELECT COUNT(*) FROM calls AS c JOIN methods AS m ON m.method_id = c.method_id
                        JOIN classes AS k ON k.class_id = m.class_id WHERE k.name <> '<profq>') AS parent,
                       (SELECT COUNT(*) FROM jvm2.calls) AS jvm2,
                       (SELECT COUNT(*) FROM jvm3.calls) AS jvm3, (SELECT main_class FROM jvm3.run) AS jvm3_main
                FROM (VALUES 1)"""));
        // the parent's calls but profq's own (the weaving of a class main loads)
        assertEquals("parent,jvm2,jvm3,jvm3_main\n5," + CHILD_CALLS.get(childArguments.get(0)) + ","
                + CHILD_CALLS.get(childArguments.get(1)) + ",profq.samples.ForkedChild\n", everyJvm.stdout(), everyJvm::toString);
    }

    @Test
    void recordStillRefusesAnOutDirectoryHoldingARecordingBeforeTheProgramRuns(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("taken.profq");
        assertEquals(0, run(dir, record(List.of("--out", out.toString()), "Recursion")).exitCode());

        Outcome again = run(dir, record(List.of("--out", out.toString()), "Recursion"));

        assertEquals(2, again.exitCode(), again::toString);
        assertEquals(List.of("profq: the output directory " + out
                + " already exists and is not empty; remove it or choose another with --out."), again.stderrLines());
        assertEquals("", again.stdout(), "the program did not run");
        assertFalse(Files.exists(out.resolve("jvms")), "nor joined the recording there");
    }
}
