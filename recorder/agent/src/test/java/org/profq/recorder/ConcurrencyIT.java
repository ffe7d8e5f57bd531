package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.recording.Call;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.ThreadInfo;
import profq.samples.ExitFromWorker;
import profq.samples.Stress;

/** Many threads at once, and an exit from a thread that is not main. */
class ConcurrencyIT {
    private final Jdk jdk = Jdk.current();

    @Test
    void sixtyFourThreadsCallingAllocatingAndThrowingAreRecordedExactly(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Stress.class);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, Stress.class).stdout(), result.stdout());
        try (Recording recording = result.open()) {
            Map<Integer, long[]> byThread = new HashMap<>(); // events, open depth, exits by throw
            recording.forEachEvent(event -> {
                long[] state = byThread.computeIfAbsent(event.threadId(), id -> new long[3]);
                if (event instanceof RecordedEvent.CpuTime) {
                    return; // as many as the clock thread read the thread's CPU time
                }
                state[0]++;
                if (event instanceof RecordedEvent.CallEntry entry) {
                    assertEquals(state[1]++, entry.depth(), "entries nest");
                } else if (event instanceof RecordedEvent.CallExit exit) {
                    assertEquals(--state[1], exit.depth(), "every exit matches the open entry");
                    state[2] += exit.threw() ? 1 : 0;
                }
            });
            int workers = 0;
            for (ThreadInfo thread : recording.threads()) {
                if (!thread.name().startsWith("stress-")) {
                    continue;
                }
                workers++;
                int index = Integer.parseInt(thread.name().substring("stress-".length()));
                long steps = index < 32 ? 2_000 : 100_000;
                long[] state = byThread.get(thread.id());
                assertEquals(6 + 3 * steps + 3 * steps / 10, state[0], thread.name() + " events");
                assertEquals(0, state[1], thread.name() + " ends with no open call");
                assertEquals(steps / 10, state[2], thread.name() + " exits by throw");
            }
            assertEquals(64, workers);
            assertEquals(0, recording.eventsLost());
            assertTrue(recording.losses().isEmpty());
        }
    }

    @Test
    void systemExitFromAWorkerThreadLeavesACompleteRecording(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", ExitFromWorker.class);

        assertEquals(4, result.exitCode());
        assertEquals("quitting\n", result.stdout());
        assertEquals("", result.stderr());
        try (Recording recording = result.open()) {
            assertEquals(2, recording.end().orElseThrow().threadsStillRunning(), "main and the quitter were still running");
            List<String> open = recording.readAllCalls().stream().filter(call -> !call.finished())
                    .map(call -> recording.method(call.methodId()).name()).sorted().toList();
            assertEquals(List.of("main", "quit", "spin"), open);
            assertFalse(recording.readAllCalls().stream().anyMatch(Call::threw));
        }
    }
}
