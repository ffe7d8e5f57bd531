package org.profq.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.api.Profq;
import org.profq.format.RecordingFormat;
import org.profq.recording.Loss;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.UserEventType;
import profq.samples.events.BouncingBalls;
import profq.samples.events.QueueLengths;

/**
 * User-defined events ({@code Profq.event}) through the real agent: from a user's own aspect
 * ({@code aspects=JAR}) and from the program's own calls; a type conflict refused and counted; no
 * recording, no effect.
 */
class UserEventsIT {

    /** The example game: the user's aspect records each ball's velocity whenever its vector changes, on every JDK. */
    @Test
    void theUsersAspectRecordsEachVelocityChange(@TempDir Path temp) {
        for (Jdk jdk : Jdk.available()) {
            Path out = temp.resolve(jdk.name() + ".profq");
            SampleRun.Result result = SampleRun.record(jdk, out, "aspects=" + SampleRun.samplesAspectsJar(temp),
                    BouncingBalls.class);
            assertEquals(0, result.exitCode(), jdk + ": " + result.stderr());
            assertEquals("9 bounces\n", result.stdout(), jdk.toString());
            assertEquals("", result.stderr(), jdk.toString());
            try (Recording recording = result.open()) {
                assertEquals(List.of("ball_velocity: ball VARCHAR, dx BIGINT, dy BIGINT, speed DOUBLE, rightward BOOLEAN"),
                        types(recording), jdk.toString());
                assertEquals(List.of(
                        "<init> red 3 2 3.605551275463989 true",
                        "<init> blue -4 1 4.123105625617661 false",
                        "step red 3 -2 3.605551275463989 true",
                        "step blue 4 1 4.123105625617661 true",
                        "step blue 4 -1 4.123105625617661 true",
                        "step red -3 -2 3.605551275463989 false",
                        "step red -3 2 3.605551275463989 false",
                        "step blue -4 -1 4.123105625617661 false",
                        "step red 3 2 3.605551275463989 true",
                        "step red 3 -2 3.605551275463989 true",
                        "step blue 4 -1 4.123105625617661 true"), events(recording), jdk.toString());
                assertEquals(0, recording.eventsLost(), jdk.toString());
                assertEquals(List.of(), recording.warnings(), jdk.toString());
            }
        }
    }

    /**
     * A second run with the same aspects weaves again rather than take classes from the woven-class
     * cache, which would miss the closure classes AspectJ made for the aspect's around advice.
     */
    @Test
    void aSecondRunWithTheAspectRunsAsTheFirst(@TempDir Path temp) {
        Path cache = temp.resolve("cache");
        for (int run = 1; run <= 2; run++) {
            SampleRun.Result result = SampleRun.record(Jdk.current(), temp.resolve("run" + run + ".profq"),
                    "cache=" + cache + ",aspects=" + SampleRun.samplesAspectsJar(temp), BouncingBalls.class);
            assertEquals(0, result.exitCode(), "run " + run + ": " + result.stderr());
            assertEquals("9 bounces\n", result.stdout(), "run " + run);
            try (Recording recording = result.open()) {
                assertEquals(11, events(recording).size(), "run " + run);
            }
        }
    }

    /** Events the program emits itself, in the call that emitted them; the format says 2.6 or later. */
    @Test
    void theProgramsOwnEventsAreRecordedInTheirCalls(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(Jdk.current(), temp.resolve("rec.profq"), "", QueueLengths.class);
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("served 6\n", result.stdout());
        assertEquals("", result.stderr());
        try (Recording recording = result.open()) {
            assertTrue(recording.run().formatMinor() >= RecordingFormat.USER_EVENTS_MINOR_VERSION, recording.run().toString());
            assertEquals(List.of("queue_length: step BIGINT, length BIGINT, grew BOOLEAN"), types(recording));
            assertEquals(List.of("report 1 1 true", "report 2 2 true", "report 3 1 false", "report 4 2 true",
                    "report 5 3 true", "report 6 2 false", "report 7 3 true", "report 8 4 true", "report 9 3 false",
                    "report 10 4 true"), events(recording));
            assertEquals(0, recording.eventsLost());
        }
    }

    /** A value of another type than its column's first: the event is dropped, counted as lost and named once; the program runs on. */
    @Test
    void aTypeConflictIsRefusedAndCounted(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(Jdk.current(), temp.resolve("rec.profq"), "", QueueLengths.class, "conflict");
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("served 6\n", result.stdout());
        assertEquals("", result.stderr());
        try (Recording recording = result.open()) {
            assertEquals(10, events(recording).size());
            assertEquals(List.of(new Loss(1, "event refused", 1)), recording.losses());
            assertEquals(1, recording.eventsLost());
            assertEquals(List.of("user event queue_length: a VARCHAR value put in column length, which is BIGINT since its"
                    + " first value; such events are dropped and counted as lost (cause 'event refused')"), recording.warnings());
        }
    }

    /** Without profq, the program's events go nowhere: the same output, nothing written, no exception. */
    @Test
    void withoutARecordingEventsHaveNoEffect(@TempDir Path temp) throws Exception {
        Path workingDirectory = Files.createDirectories(temp.resolve("work"));
        List<String> command = List.of(Jdk.current().java().toString(), "-cp",
                SampleRun.samplesClassPath() + java.io.File.pathSeparator + apiClassPath(), QueueLengths.class.getName(),
                "conflict");
        SampleRun.Result result = SampleRun.run(Jdk.current(), null, command, workingDirectory);
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("served 6\n", result.stdout());
        assertEquals("", result.stderr());
        try (var files = Files.list(workingDirectory)) {
            assertEquals(List.of(), files.toList());
        }
        assertTrue(!Profq.recording(), "no agent in this JVM");
    }

    /** A jar that is not there stops the JVM before the program runs, with one sentence. */
    @Test
    void aMissingAspectsJarIsRefused(@TempDir Path temp) {
        SampleRun.Result result = SampleRun.record(Jdk.current(), temp.resolve("rec.profq"), "aspects=" + temp.resolve("none.jar"),
                QueueLengths.class);
        assertEquals(2, result.exitCode());
        assertEquals("", result.stdout());
        assertEquals("profq: aspects jar " + temp.resolve("none.jar") + " does not exist; give the jar that holds your aspects"
                + " and their META-INF/aop.xml.\n", result.stderr());
    }

    private static String apiClassPath() throws URISyntaxException {
        return Path.of(Profq.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    private static List<String> types(Recording recording) {
        List<String> types = new ArrayList<>();
        for (UserEventType type : recording.userEventTypes()) {
            types.add(type.name() + ": " + String.join(", ", type.columns().stream()
                    .map(column -> column.name() + " " + column.sqlTypeName()).toList()));
        }
        return types;
    }

    /** Each user event as the method of its call, then its values in column order. */
    private static List<String> events(Recording recording) {
        Map<Long, Integer> methodOfCall = new HashMap<>();
        List<String> events = new ArrayList<>();
        recording.forEachEvent(event -> {
            if (event instanceof RecordedEvent.CallEntry entry) {
                methodOfCall.put(entry.callId(), entry.methodId());
            } else if (event instanceof RecordedEvent.UserEvent user) {
                StringBuilder line = new StringBuilder(recording.method(methodOfCall.get(user.callId())).name());
                for (RecordedEvent.UserValue value : user.values()) {
                    line.append(' ').append(recording.userEventValue(value.columnId(), value.raw()));
                }
                events.add(line.toString());
            }
        });
        return events;
    }
}
