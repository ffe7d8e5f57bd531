package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;

/**
 * {@code profq export --format speedscope|perfetto}: the calls of {@code Threads} (eight workers
 * and main) as speedscope's evented profiles and as a Perfetto trace (decoded by the field numbers
 * of Perfetto's trace protos), read back: a profile or track per thread, every slice ended in the
 * order it began, times never going back, and per method exactly the calls and the inclusive time
 * the {@code calls} table has; a window keeps what it says.
 */
class ExportTimelineIT {

    @Test
    void everyCallIsAFrameFromItsStartToItsEnd(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Threads");
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "speedscope", "-o", "threads.json"));
        assertEquals(0, export.exitCode(), export::toString);
        assertEquals("", export.stderr());

        JsonNode file = new ObjectMapper().readTree(dir.resolve("threads.json").toFile());
        assertEquals("https://www.speedscope.app/file-format-schema.json", file.get("$schema").asText());
        JsonNode frames = file.at("/shared/frames");
        Map<String, long[]> seen = new HashMap<>(); // signature -> {calls, inclusive ns}
        int profiles = 0;
        for (JsonNode profile : file.get("profiles")) {
            profiles++;
            assertEquals("evented", profile.get("type").asText());
            assertEquals("nanoseconds", profile.get("unit").asText());
            Deque<long[]> open = new ArrayDeque<>(); // {frame, opened at}
            long last = Long.MIN_VALUE;
            for (JsonNode event : profile.get("events")) {
                long at = event.get("at").asLong();
                assertTrue(at >= last, "an event before the one before it in " + profile.get("name"));
                last = at;
                int frame = event.get("frame").asInt();
                if (event.get("type").asText().equals("O")) {
                    open.push(new long[] {frame, at});
                } else {
                    long[] opened = open.pop();
                    assertEquals(opened[0], frame, "a frame closed out of order in " + profile.get("name"));
                    long[] totals = seen.computeIfAbsent(frames.get(frame).get("name").asText(), name -> new long[2]);
                    totals[0]++;
                    totals[1] += at - opened[1];
                }
            }
            assertTrue(open.isEmpty(), "frames left open in " + profile.get("name"));
            assertEquals(profile.get("endValue").asLong(), last);
        }

        assertEquals(9, profiles);
        long calls = assertSameCallsAs(recording, "", seen);
        assertEquals("exported " + calls + " calls of 9 threads to threads.json as speedscope\n", export.stdout());
        assertFalse(Files.exists(dir.resolve("threads.json.partial")));
    }

    @Test
    void everyCallIsASliceOnItsThreadsTrack(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Threads");
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "perfetto", "-o", "threads.pftrace"));
        assertEquals(0, export.exitCode(), export::toString);
        Map<String, long[]> seen = slicesIn(dir.resolve("threads.pftrace"), Long.MIN_VALUE);
        long calls = assertSameCallsAs(recording, "", seen);
        assertEquals("exported " + calls + " calls of 9 threads to threads.pftrace as perfetto\n", export.stdout());

        long minimum = 100_000;
        Outcome window = run(dir, profq("export", recording.toString(), "--format", "perfetto", "-o", "long.pftrace",
                "--min-duration-ns", String.valueOf(minimum)));
        assertEquals(0, window.exitCode(), window::toString);
        assertSameCallsAs(recording, "WHERE c.duration_ns >= " + minimum, slicesIn(dir.resolve("long.pftrace"), minimum));
    }

    /**
     * The slices of a Perfetto trace by name: {calls, inclusive ns}; checks each thread's track
     * (named, under the process's) and that its slices nest and last at least {@code minimum}.
     */
    private static Map<String, long[]> slicesIn(Path trace, long minimum) throws Exception {
        Map<Long, String> threadTracks = new HashMap<>();
        Map<Long, Deque<Object[]>> open = new HashMap<>(); // per track: {name, began at}
        Map<Long, Long> last = new HashMap<>();
        Map<String, long[]> seen = new HashMap<>();
        UnknownFieldSet file = UnknownFieldSet.parseFrom(Files.readAllBytes(trace));
        for (ByteString bytes : file.getField(1).getLengthDelimitedList()) { // Trace.packet
            UnknownFieldSet packet = UnknownFieldSet.parseFrom(bytes);
            if (packet.hasField(60)) { // TracePacket.track_descriptor
                UnknownFieldSet descriptor = UnknownFieldSet.parseFrom(packet.getField(60).getLengthDelimitedList().get(0));
                if (descriptor.hasField(4)) { // TrackDescriptor.thread
                    UnknownFieldSet thread = UnknownFieldSet.parseFrom(descriptor.getField(4).getLengthDelimitedList().get(0));
                    assertEquals(1L, descriptor.getField(5).getVarintList().get(0), "a thread's track is under the process's");
                    threadTracks.put(descriptor.getField(1).getVarintList().get(0), thread.getField(5).getLengthDelimitedList().get(0).toStringUtf8());
                }
                continue;
            }
            long at = packet.getField(8).getVarintList().get(0); // TracePacket.timestamp
            UnknownFieldSet event = UnknownFieldSet.parseFrom(packet.getField(11).getLengthDelimitedList().get(0)); // track_event
            long track = event.getField(11).getVarintList().get(0); // TrackEvent.track_uuid
            assertTrue(threadTracks.containsKey(track), "a slice on a track no descriptor named");
            assertTrue(at >= last.getOrDefault(track, Long.MIN_VALUE), "a slice's time before the one before it");
            last.put(track, at);
            Deque<Object[]> stack = open.computeIfAbsent(track, key -> new ArrayDeque<>());
            if (event.getField(9).getVarintList().get(0) == 1) { // TYPE_SLICE_BEGIN, named (TrackEvent.name)
                stack.push(new Object[] {event.getField(23).getLengthDelimitedList().get(0).toStringUtf8(), at});
            } else {
                assertEquals(2L, event.getField(9).getVarintList().get(0)); // TYPE_SLICE_END
                Object[] began = stack.pop();
                long duration = at - (long) began[1];
                assertTrue(duration >= minimum, began[0] + " lasted " + duration + " ns");
                long[] totals = seen.computeIfAbsent((String) began[0], name -> new long[2]);
                totals[0]++;
                totals[1] += duration;
            }
        }
        assertEquals(9, threadTracks.size(), threadTracks::toString);
        assertTrue(threadTracks.containsValue("main"), threadTracks::toString);
        open.values().forEach(stack -> assertTrue(stack.isEmpty(), "slices never ended"));
        return seen;
    }

    /** Checks {@code seen} (signature: {calls, inclusive ns}) against the calls table, filtered by {@code where}; returns the calls. */
    private static long assertSameCallsAs(Path recording, String where, Map<String, long[]> seen) throws Exception {
        Map<String, long[]> expected = new HashMap<>();
        long calls = 0;
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT m.signature, COUNT(*), SUM(c.end_ns - c.start_ns) FROM calls c"
                     + " JOIN methods m ON m.method_id = c.method_id " + where + " GROUP BY m.signature")) {
            while (rows.next()) {
                expected.put(rows.getString(1), new long[] {rows.getLong(2), rows.getLong(3)});
                calls += rows.getLong(2);
            }
        }
        assertFalse(expected.isEmpty());
        assertEquals(expected.keySet(), seen.keySet());
        expected.forEach((signature, totals) -> assertEquals(List.of(totals[0], totals[1]),
                List.of(seen.get(signature)[0], seen.get(signature)[1]), signature));
        return calls;
    }

    @Test
    void aSpeedscopeFileIsOneRecordingsCalls(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Threads").toString();
        Outcome two = run(dir, profq("export", recording, recording, "--format", "speedscope", "-o", "two.json"));
        assertEquals(2, two.exitCode(), two::toString);
        assertTrue(two.stderr().contains("--format=speedscope writes one recording's calls to one file: name one recording,"
                + " without --tables or --views."), two::toString);
    }
}
