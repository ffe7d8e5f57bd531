package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

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
     * {@code --format pprof}: decoded by profile.proto's field numbers, a sample per calling context,
     * leaf first, whose values add up to the calls, the compensated self and CPU times of
     * {@code call_tree}, and the allocations, exactly; and per leaf function, to its calls.
     */
    @Test
    void aPprofSampleIsACallingContextWithItsCallsTimesAndAllocations(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Allocations");
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "pprof", "-o", "profile.pb.gz"));
        assertEquals(0, export.exitCode(), export::toString);
        UnknownFieldSet profile;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve("profile.pb.gz")))) {
            profile = UnknownFieldSet.parseFrom(in.readAllBytes());
        }
        List<String> strings = profile.getField(6).getLengthDelimitedList().stream().map(ByteString::toStringUtf8).toList();
        assertEquals("", strings.get(0));
        List<String> types = new ArrayList<>();
        for (ByteString type : profile.getField(1).getLengthDelimitedList()) {
            UnknownFieldSet valueType = UnknownFieldSet.parseFrom(type);
            types.add(strings.get(valueType.getField(1).getVarintList().get(0).intValue()) + "/"
                    + strings.get(valueType.getField(2).getVarintList().get(0).intValue()));
        }
        assertEquals(List.of("calls/count", "wall/nanoseconds", "cpu/nanoseconds", "alloc_objects/count", "alloc_space/bytes"), types);
        Map<Long, String> functionNames = new HashMap<>();
        for (ByteString bytes : profile.getField(5).getLengthDelimitedList()) {
            UnknownFieldSet function = UnknownFieldSet.parseFrom(bytes);
            functionNames.put(function.getField(1).getVarintList().get(0), strings.get(function.getField(2).getVarintList().get(0).intValue()));
        }
        long[] totals = new long[5];
        Map<String, Long> callsByLeaf = new HashMap<>();
        for (ByteString bytes : profile.getField(2).getLengthDelimitedList()) {
            UnknownFieldSet sample = UnknownFieldSet.parseFrom(bytes);
            List<Long> values = sample.getField(2).getVarintList();
            for (int i = 0; i < 5; i++) {
                totals[i] += values.get(i);
            }
            String leaf = functionNames.get(sample.getField(1).getVarintList().get(0)); // locations have their function's id
            callsByLeaf.merge(leaf, values.get(0), Long::sum);
        }
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement()) {
            assertEquals(List.of(single(statement, "SELECT COUNT(*) FROM calls"), single(statement, "SELECT SUM(self_ns) FROM call_tree"),
                    single(statement, "SELECT SUM(self_cpu_ns) FROM call_tree"), single(statement, "SELECT COUNT(*) FROM allocations"),
                    single(statement, "SELECT SUM(size_bytes) FROM allocations")), List.of(totals[0], totals[1], totals[2], totals[3], totals[4]));
            try (ResultSet rows = statement.executeQuery("SELECT m.signature, COUNT(*) FROM calls c JOIN methods m"
                    + " ON m.method_id = c.method_id GROUP BY m.signature")) {
                while (rows.next()) {
                    assertEquals(rows.getLong(2), callsByLeaf.get(rows.getString(1)), rows.getString(1));
                }
            }
        }
        assertTrue(totals[3] > 0 && totals[0] > 0, "the sample allocates in its calls");
    }

    private static long single(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
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
