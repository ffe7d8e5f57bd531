package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Call;
import org.profq.recording.Recording;
import profq.samples.Sleeper;
import profq.samples.Spinners;
import profq.samples.SystemExit;
import profq.samples.Ticker;

/**
 * A program that ends through System.exit, or is stopped by SIGTERM, leaves a complete, readable
 * recording; one killed by SIGKILL a readable one that lacks less than a flush interval of each
 * thread's events.
 */
class AbruptEndIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void systemExitKeepsTheExitCodeAndTheOpenCalls(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", SystemExit.class);

        assertEquals(3, result.exitCode());
        assertEquals("before exit\n", result.stdout());
        assertEquals("", result.stderr());
        try (Recording recording = result.open()) {
            assertTrue(recording.end().isPresent());
            List<Call> calls = recording.readAllCalls();
            assertEquals(List.of("quit", "main"), calls.stream().map(call -> recording.method(call.methodId()).name()).toList());
            assertTrue(calls.stream().noneMatch(Call::finished), "both calls were open when the program exited");
            assertEquals(recording.durationNanos(), calls.get(0).endNanos());
        }
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void sigtermFlushesEveryEventAndWritesTheEnd(Jdk jdk, @TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        Process process = SampleRun.startUntilReady(jdk, out, Sleeper.class);
        process.destroy(); // SIGTERM
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(143, process.exitValue());

        try (Recording recording = Recording.open(out)) {
            assertTrue(recording.end().isPresent(), "the shutdown hook wrote the end record");
            assertEquals(0, recording.eventsLost());
            long ticks = RecordingFacts.callsByMethod(recording).get("profq.samples.Sleeper.tick()V");
            assertTrue(ticks >= 101, "at least the ticks before 'ready': " + ticks);
            Call main = RecordingFacts.only(recording.readAllCalls(), recording, "profq.samples.Sleeper.main([Ljava/lang/String;)V");
            assertFalse(main.finished());
        }
    }

    /**
     * The shutdown hook takes the batches of threads that are still appending: it must take
     * only their completed events, never half of one, so every batch matches its checksum.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void sigtermWhileThreadsAppendLeavesAnUndamagedRecording(Jdk jdk, @TempDir Path temp) throws Exception {
        for (int attempt = 0; attempt < 3; attempt++) {
            Path out = temp.resolve("rec" + attempt + ".profq");
            Process process = SampleRun.startUntilReady(jdk, out, Spinners.class);
            process.destroy(); // SIGTERM
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(143, process.exitValue());

            try (Recording recording = Recording.open(out)) { // refuses a batch that fails its checksum
                assertTrue(recording.end().isPresent(), "the shutdown hook wrote the end record");
                assertEquals(0, recording.eventsLost());
                long spins = RecordingFacts.callsByMethod(recording).get("profq.samples.Spinners.spin(I)I");
                assertTrue(spins >= Spinners.THREADS * 10_001L, "at least the calls before 'ready': " + spins);
                assertEquals(recording.eventCount(), recording.readAllEvents().size());
            }
        }
    }

    /**
     * SIGKILL runs no hook: the recording holds what each thread had flushed (a batch is
     * written at the latest a second after it started) and no end record; its duration is the
     * last flushed event's time.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void sigkillLeavesARecordingThatOpensWithoutAnEnd(Jdk jdk, @TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        Process process = SampleRun.startUntilReady(jdk, out, Sleeper.class);
        Thread.sleep(1_500); // past the one-second batch age, so main's batch is flushed by its next tick()
        process.destroyForcibly(); // SIGKILL
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(137, process.exitValue());

        try (Recording recording = Recording.open(out)) {
            assertFalse(recording.end().isPresent());
            assertTrue(recording.eventCount() > 200, "events flushed before the kill: " + recording.eventCount());
            long lastEvent = recording.readAllEvents().stream().mapToLong(e -> e.timeNanos()).max().orElseThrow();
            assertEquals(lastEvent, recording.durationNanos());
            assertEquals(lastEvent, recording.thread(1).lastNanos());
            List<Call> calls = recording.readAllCalls();
            Call main = calls.get(calls.size() - 1);
            assertEquals("main", recording.method(main.methodId()).name());
            assertFalse(main.finished());
            assertEquals(lastEvent, main.endNanos());
        }
    }

    /**
     * What SIGKILL loses of a thread is what was not yet in the log: less than one flush interval
     * of its events. Ticker calls tick() at most once a millisecond, so with flush=200 (ms) at most
     * 200 of its calls, and the one that found the interval over, are missing; the exact clock
     * keeps the interval in real time on a loaded machine.
     */
    @ParameterizedTest
    @MethodSource("jdks")
    void sigkillLosesLessThanAFlushIntervalOfAThreadsEvents(Jdk jdk, @TempDir Path temp) throws Exception {
        Path out = temp.resolve("rec.profq");
        int flushMillis = 200;
        String agent = "-javaagent:" + SampleRun.agentJar() + "=out=" + out + ",clock=exact,flush=" + flushMillis;
        Process process = new ProcessBuilder(SampleRun.command(jdk, agent, Ticker.class))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        long ticked = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("ready", lines.readLine());
            while (ticked < 5L * flushMillis) { // several intervals: some batches were written by age
                ticked = Long.parseLong(lines.readLine());
            }
            process.destroyForcibly(); // SIGKILL, once tick() had returned at least `ticked` times
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(137, process.exitValue());

        try (Recording recording = Recording.open(out)) {
            assertFalse(recording.end().isPresent());
            long recorded = RecordingFacts.callsByMethod(recording).getOrDefault("profq.samples.Ticker.tick()V", 0L);
            assertTrue(ticked - recorded <= flushMillis + 1, (ticked - recorded) + " of " + ticked + " calls missing");
        }
    }
}
