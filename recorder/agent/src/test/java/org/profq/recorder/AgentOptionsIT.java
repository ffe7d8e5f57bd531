package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.Recording;
import profq.samples.Allocations;
import profq.samples.Recursion;
import profq.samples.Threads;

/** The agent's options through the real agent: what they select, and how mistakes are refused before the program runs. */
class AgentOptionsIT {
    private final Jdk jdk = Jdk.current();

    @Test
    void anUnknownOptionIsNamedAndExitsTwoBeforeTheProgramRuns(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "bogus=1", Recursion.class);

        assertEquals(2, result.exitCode());
        assertEquals("", result.stdout());
        assertEquals("profq: unknown agent option 'bogus'; known options are include, exclude, events, out, clock, tick, track, finalgc, cache, maxsize, maxage, values, rawstrings, flush, aspects, for.\n",
                result.stderr());
    }

    @Test
    void anUnwritableOutputDirectoryIsRefusedBeforeTheProgramRuns() {
        SampleRun.Result result = SampleRun.record(jdk, Path.of("/proc/profq-cannot-write-here"), "", Recursion.class);

        assertEquals(2, result.exitCode());
        assertEquals("", result.stdout());
        assertTrue(result.stderr().startsWith("profq: cannot write to the output directory /proc/profq-cannot-write-here;"),
                result.stderr());
        assertEquals(1, result.stderr().lines().count());
    }

    @Test
    void recordingsAreReadableByTheirOwnerOnly(@TempDir Path temp) throws IOException {
        Path out = temp.resolve("rec.profq");
        SampleRun.record(jdk, out, "", Recursion.class);

        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(out)));
    }

    @Test
    void aNonEmptyOutputDirectoryIsRefused(@TempDir Path temp) throws IOException {
        Path out = Files.createDirectories(temp.resolve("rec.profq"));
        Files.writeString(out.resolve("keep.txt"), "mine");

        SampleRun.Result result = SampleRun.record(jdk, out, "", Recursion.class);

        assertEquals(2, result.exitCode());
        assertEquals("", result.stdout());
        assertTrue(result.stderr().contains("already exists and holds files that are not a profq recording"), result.stderr());
        assertEquals("mine", Files.readString(out.resolve("keep.txt")));
    }

    @Test
    void eventsSelectsTheEventFamilies(@TempDir Path temp) {
        try (Recording callsOnly = SampleRun.record(jdk, temp.resolve("calls.profq"), "events=calls", Allocations.class).open()) {
            assertEquals(1002 * 2, RecordingFacts.programEventCount(callsOnly));
            assertTrue(RecordingFacts.allocations(callsOnly).isEmpty());
        }
        try (Recording allocationsOnly = SampleRun.record(jdk, temp.resolve("allocs.profq"), "events=allocations", Allocations.class).open()) {
            assertEquals(1110, allocationsOnly.eventCount());
            assertTrue(allocationsOnly.readAllCalls().isEmpty());
        }
    }

    @Test
    void includeAndExcludeChooseTheWovenClasses(@TempDir Path temp) {
        try (Recording counterOnly = SampleRun.record(jdk, temp.resolve("include.profq"),
                "include=profq.samples.Threads$Counter", Threads.class).open()) {
            assertEquals(Map.of("profq.samples.Threads$Counter.<init>(J)V", 80_000L), RecordingFacts.callsByMethod(counterOnly));
            assertTrue(RecordingFacts.allocations(counterOnly).isEmpty(), "the allocations happen in Threads.work, not included");
        }
        try (Recording withoutCounter = SampleRun.record(jdk, temp.resolve("exclude.profq"),
                "exclude=profq.samples.Threads$Counter:profq.samples.Threads", Threads.class).open()) {
            assertEquals(0, withoutCounter.eventCount());
        }
    }

    @Test
    void theDefaultRecordingIsNamedAfterTheMainClassAndNumbered(@TempDir Path temp) throws Exception {
        List<String> command = SampleRun.command(jdk, "-javaagent:" + SampleRun.agentJar().toAbsolutePath(), Recursion.class);
        for (int run = 0; run < 2; run++) {
            Process process = new ProcessBuilder(command).directory(temp.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertEquals(0, process.waitFor());
        }
        assertTrue(Files.isDirectory(temp.resolve("Recursion.profq/events")));
        assertTrue(Files.isDirectory(temp.resolve("Recursion-2.profq/events")));
        assertFalse(Files.exists(temp.resolve("Recursion-3.profq")));
    }

    /** In source-file mode javac (module jdk.compiler, on the application loader) compiles the program in-process: not woven. */
    @Test
    void nothingOfTheJdkIsWovenEvenOnTheApplicationLoader(@TempDir Path temp) throws IOException {
        Path source = temp.resolve("Hello.java");
        Files.writeString(source, "public class Hello { public static void main(String[] a) { System.out.println(twice(21)); }"
                + " static int twice(int x) { return 2 * x; } }");

        SampleRun.Result result = SampleRun.run(jdk, temp.resolve("rec.profq"), List.of(jdk.java().toString(),
                "-javaagent:" + SampleRun.agentJar() + "=out=" + temp.resolve("rec.profq"), source.toString()));

        assertEquals("42\n", result.stdout());
        try (Recording recording = result.open()) {
            assertEquals(Map.of("Hello.main([Ljava/lang/String;)V", 1L, "Hello.twice(I)I", 1L), RecordingFacts.callsByMethod(recording));
            assertEquals(4, RecordingFacts.programEventCount(recording));
        }
    }

    @Test
    void theExactClockGivesEveryCallItsOwnTimestamps(@TempDir Path temp) {
        try (Recording recording = SampleRun.record(jdk, temp.resolve("exact.profq"), "clock=exact", Recursion.class).open()) {
            assertEquals("exact", recording.run().clock());
            long distinctTimes = recording.readAllEvents().stream().mapToLong(e -> e.timeNanos()).distinct().count();
            assertTrue(distinctTimes > 12, "System.nanoTime per event moves between most of the 24 events: " + distinctTimes);
        }
    }
}
