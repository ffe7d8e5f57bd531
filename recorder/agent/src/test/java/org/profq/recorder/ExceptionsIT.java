package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.profq.recording.Call;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.Recording;
import profq.samples.Exceptions;

/** Exit kinds of {@link Exceptions}: an exception thrown by inner() through middle() and outer(). */
class ExceptionsIT {
    static List<Jdk> jdks() {
        return Jdk.available();
    }

    @ParameterizedTest
    @MethodSource("jdks")
    void callsTheExceptionPassesThroughEndByThrowing(Jdk jdk, @TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(jdk, temp.resolve("rec.profq"), "", Exceptions.class);

        assertEquals(0, result.exitCode());
        assertEquals("caught from inner\n", result.stdout());
        try (Recording recording = result.open()) {
            List<Call> calls = recording.readAllCalls();
            Map<String, String> exitKinds = new TreeMap<>();
            for (Call call : calls) {
                exitKinds.put(recording.method(call.methodId()).name() + "@" + call.depth(), call.threw() ? "threw" : "returned");
            }
            assertEquals(Map.of("main@0", "returned", "outer@1", "threw", "middle@2", "threw", "inner@3", "threw"), exitKinds);

            Call inner = RecordingFacts.only(calls, recording, "profq.samples.Exceptions.inner()V");
            List<Allocation> allocations = RecordingFacts.allocations(recording);
            assertEquals(1, allocations.size());
            assertEquals("java.lang.IllegalStateException", recording.classInfo(allocations.get(0).classId()).name());
            assertEquals(inner.callId(), allocations.get(0).callId());
        }
    }
}
