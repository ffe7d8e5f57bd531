package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.ThreadInfo;
import profq.samples.Threads;

/**
 * {@link Threads}: 8 workers, each 1 lambda + 1 run + 10,000 work + 10,000 Counter
 * constructors = 20,002 calls and 10,000 allocations; main makes 1 call and 10 allocations
 * (an ArrayList, a long[8], 8 Threads).
 */
class ThreadsIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void eachThreadsEventsAreCompleteAndNested(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Threads.class);

        assertEquals(0, result.exitCode());
        assertEquals(SampleRun.plain(jdk, Threads.class).stdout(), result.stdout());
        try (Recording recording = result.open()) {
            Map<String, long[]> perThread = new TreeMap<>();
            int[] openDepth = new int[recording.threads().size() + 1];
            recording.forEachEvent(event -> {
                long[] counts = perThread.computeIfAbsent(recording.thread(event.threadId()).name(), name -> new long[3]);
                // The worker that first makes a Counter loads its class, and the weaving is a frame of profq's own in that call.
                if (event instanceof RecordedEvent.CallEntry entry) {
                    assertEquals(openDepth[entry.threadId()]++, entry.depth());
                    counts[0] += RecordingFacts.isProfqFrame(recording, entry.methodId()) ? 0 : 1;
                } else if (event instanceof RecordedEvent.CallExit exit) {
                    assertEquals(--openDepth[exit.threadId()], exit.depth());
                    counts[1] += RecordingFacts.isProfqFrame(recording, exit.methodId()) ? 0 : 1;
                } else if (!(event instanceof RecordedEvent.CpuTime)) { // CPU time readings: as many as the run took
                    counts[2]++;
                }
            });
            assertEquals(9, perThread.size());
            assertEquals("[1, 1, 10]", java.util.Arrays.toString(perThread.get("main")));
            for (int worker = 0; worker < 8; worker++) {
                assertEquals("[20002, 20002, 10000]", java.util.Arrays.toString(perThread.get("worker-" + worker)));
            }
            for (int depth : openDepth) {
                assertEquals(0, depth);
            }
            assertEquals(12 + 8 * 50_004, RecordingFacts.programEventCount(recording));
            assertEquals(0, recording.eventsLost());
            assertTrue(recording.losses().isEmpty());
            assertEquals(0, recording.end().orElseThrow().threadsStillRunning());
            assertEquals(9, recording.threads().stream().map(ThreadInfo::javaThreadId).distinct().count());
        }
    }
}
