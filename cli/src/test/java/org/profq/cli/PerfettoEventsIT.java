package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;

/**
 * {@code profq export --format perfetto --events ...} and {@code --root}, decoded by the field
 * numbers of Perfetto's trace protos: each allocation and throw is an instant on its thread's track
 * at its exact time, inside the slice of its own call (by the innermost slice open when it comes),
 * as many as the tables have; each death seen during the run is an instant on the deaths track at
 * its time, ending the flow its object's allocation began, and every flow begun ends; a root keeps
 * exactly the calls inside a call of the matching method and their callers.
 */
class PerfettoEventsIT {

    @Test
    void allocationsAreInstantsInTheirCallsSliceWithAFlowToTheirDeath(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Churn", List.of("--events=calls:allocations:deaths", "--track=1"));
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "perfetto", "-o", "churn.pftrace",
                "--events", "allocations,deaths"));
        assertEquals(0, export.exitCode(), export::toString);
        assertEquals("", export.stderr());
        Trace trace = Trace.read(dir.resolve("churn.pftrace"));

        List<String> expected = new ArrayList<>();
        List<String> expectedDeaths = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT t.name, a.alloc_ns, k.name, m.signature, a.object_id, a.size_bytes,"
                    + " d.object_id IS NOT NULL FROM allocations a JOIN threads t ON t.thread_id = a.thread_id"
                    + " JOIN classes k ON k.class_id = a.class_id LEFT JOIN calls c ON c.call_id = a.call_id"
                    + " LEFT JOIN methods m ON m.method_id = c.method_id LEFT JOIN deaths d ON d.object_id = a.object_id AND NOT d.at_exit")) {
                while (rows.next()) {
                    expected.add(rows.getString(1) + " " + rows.getLong(2) + " new " + rows.getString(3) + " in " + rows.getString(4)
                            + " object_id=" + rows.getLong(5) + " size_bytes=" + rows.getLong(6) + (rows.getBoolean(7) ? " flow " + rows.getLong(5) : ""));
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT d.death_ns, k.name, d.object_id FROM deaths d"
                    + " JOIN allocations a ON a.object_id = d.object_id JOIN classes k ON k.class_id = a.class_id WHERE NOT d.at_exit")) {
                while (rows.next()) {
                    expectedDeaths.add("object deaths " + rows.getLong(1) + " death " + rows.getString(2) + " in null object_id="
                            + rows.getLong(3) + " ends " + rows.getLong(3));
                }
            }
        }
        assertTrue(expectedDeaths.size() >= 10_000, "the Items die in the run: " + expectedDeaths.size());
        assertEquals(sorted(expected), sorted(trace.instants.stream().filter(line -> !line.startsWith("object deaths")).toList()));
        assertEquals(sorted(expectedDeaths), sorted(trace.instants.stream().filter(line -> line.startsWith("object deaths")).toList()));
        assertEquals(trace.flowsBegun, trace.flowsEnded);
        assertEquals(expectedDeaths.size(), trace.flowsBegun.size());
    }

    @Test
    void throwsAreInstantsInTheirCallsSlice(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("ThrowSites", List.of("--events=calls:exceptions"));
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "perfetto", "-o", "throws.pftrace",
                "--events", "throws"));
        assertEquals(0, export.exitCode(), export::toString);
        Trace trace = Trace.read(dir.resolve("throws.pftrace"));
        List<String> expected = new ArrayList<>();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT t.name, e.throw_ns, k.name, m.signature FROM exceptions e"
                     + " JOIN threads t ON t.thread_id = e.thread_id JOIN classes k ON k.class_id = e.class_id"
                     + " LEFT JOIN calls c ON c.call_id = e.call_id LEFT JOIN methods m ON m.method_id = c.method_id")) {
            while (rows.next()) {
                expected.add(rows.getString(1) + " " + rows.getLong(2) + " throw " + rows.getString(3) + " in " + rows.getString(4));
            }
        }
        assertEquals(10, expected.size(), expected::toString);
        assertEquals(sorted(expected), sorted(trace.instants));
    }

    @Test
    void aRootKeepsTheCallsInsideItsCallsAndTheirCallers(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("ThrowSites", List.of("--events=calls:exceptions"));
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "perfetto", "-o", "recovering.pftrace",
                "--root", "*ThrowSites.recovering(*", "--events", "throws"));
        assertEquals(0, export.exitCode(), export::toString);
        Trace trace = Trace.read(dir.resolve("recovering.pftrace"));

        // The calls by their parent links: inside a root's call, or a caller of one.
        Map<Long, long[]> calls = new TreeMap<>(); // call id -> {parent, inside the root (0/1), shown (0/1), duration}
        Map<Long, String> signatures = new HashMap<>();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT c.call_id, c.parent_call_id, m.signature, c.end_ns - c.start_ns"
                     + " FROM calls c JOIN methods m ON m.method_id = c.method_id")) {
            while (rows.next()) {
                calls.put(rows.getLong(1), new long[] {rows.getLong(2), rows.getString(3).contains("ThrowSites.recovering(") ? 1 : 0, 0, rows.getLong(4)});
                signatures.put(rows.getLong(1), rows.getString(3));
            }
        }
        Map<String, long[]> expected = new TreeMap<>();
        for (Map.Entry<Long, long[]> call : calls.entrySet()) { // parents before children: ids rise with entry
            long[] parent = calls.get(call.getValue()[0]);
            if (parent != null && parent[1] == 1) {
                call.getValue()[1] = 1;
            }
            for (long[] shown = call.getValue()[1] == 1 ? call.getValue() : null; shown != null; shown = calls.get(shown[0])) {
                shown[2] = 1;
            }
        }
        calls.forEach((id, call) -> {
            if (call[2] == 1) {
                long[] totals = expected.computeIfAbsent(signatures.get(id), key -> new long[2]);
                totals[0]++;
                totals[1] += call[3];
            }
        });
        assertTrue(expected.keySet().stream().anyMatch(signature -> signature.contains("ThrowSites.main(")), "the caller is kept");
        assertTrue(signatures.size() > expected.values().stream().mapToLong(totals -> totals[0]).sum(), "some calls are left out");
        Map<String, List<Long>> expectedLists = new TreeMap<>();
        expected.forEach((signature, totals) -> expectedLists.put(signature, List.of(totals[0], totals[1])));
        Map<String, List<Long>> seen = new TreeMap<>();
        trace.slices.forEach((signature, totals) -> seen.put(signature, List.of(totals[0], totals[1])));
        assertEquals(expectedLists, seen);
        // The throws inside a root's call, and no other.
        assertEquals(5, trace.instants.size(), trace.instants::toString);
        trace.instants.forEach(line -> assertTrue(line.matches("main \\d+ throw java.lang.IllegalArgumentException in .*recovering\\(.*"), line));
    }

    @Test
    void eventsAreNamedKinds(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Churn", List.of("--events=calls:allocations:deaths", "--track=1")).toString();
        Outcome unknown = run(dir, profq("export", recording, "--format", "perfetto", "-o", "x.pftrace", "--events", "gc"));
        assertEquals(2, unknown.exitCode(), unknown::toString);
        assertTrue(unknown.stderr().contains("unknown event kind 'gc'; use allocations, throws or deaths."), unknown::toString);
        Outcome alone = run(dir, profq("export", recording, "--format", "perfetto", "-o", "x.pftrace", "--events", "deaths"));
        assertEquals(2, alone.exitCode(), alone::toString);
        assertTrue(alone.stderr().contains("use --events=allocations,deaths."), alone::toString);
        Outcome speedscope = run(dir, profq("export", recording, "--format", "speedscope", "-o", "x.json", "--events", "allocations"));
        assertEquals(2, speedscope.exitCode(), speedscope::toString);
        assertTrue(speedscope.stderr().contains("--events goes with --format=perfetto."), speedscope::toString);
    }

    private static List<String> sorted(List<String> lines) {
        return lines.stream().sorted().toList();
    }

    /** A Perfetto trace decoded: its instants as lines, its slices by name {calls, inclusive ns}, its flows. */
    private static final class Trace {
        final List<String> instants = new ArrayList<>();
        final Map<String, long[]> slices = new HashMap<>();
        final Set<Long> flowsBegun = new HashSet<>();
        final Set<Long> flowsEnded = new HashSet<>();

        static Trace read(Path file) throws Exception {
            Trace trace = new Trace();
            Map<Long, String> trackNames = new HashMap<>();
            Map<Long, Deque<Object[]>> open = new HashMap<>(); // per track: {name, began at}
            Map<Long, Long> last = new HashMap<>();
            UnknownFieldSet fileFields = UnknownFieldSet.parseFrom(Files.readAllBytes(file));
            for (ByteString bytes : fileFields.getField(1).getLengthDelimitedList()) { // Trace.packet
                UnknownFieldSet packet = UnknownFieldSet.parseFrom(bytes);
                if (packet.hasField(60)) { // TracePacket.track_descriptor: a thread's (name in thread, 4) or named (2)
                    UnknownFieldSet descriptor = UnknownFieldSet.parseFrom(packet.getField(60).getLengthDelimitedList().get(0));
                    long uuid = descriptor.getField(1).getVarintList().get(0);
                    if (descriptor.hasField(4)) {
                        UnknownFieldSet thread = UnknownFieldSet.parseFrom(descriptor.getField(4).getLengthDelimitedList().get(0));
                        trackNames.put(uuid, thread.getField(5).getLengthDelimitedList().get(0).toStringUtf8());
                    } else if (descriptor.hasField(2)) {
                        trackNames.put(uuid, descriptor.getField(2).getLengthDelimitedList().get(0).toStringUtf8());
                    }
                    continue;
                }
                long at = packet.getField(8).getVarintList().get(0); // TracePacket.timestamp
                UnknownFieldSet event = UnknownFieldSet.parseFrom(packet.getField(11).getLengthDelimitedList().get(0)); // track_event
                long track = event.getField(11).getVarintList().get(0);
                assertTrue(trackNames.containsKey(track), "an event on a track no descriptor named");
                assertTrue(at >= last.getOrDefault(track, Long.MIN_VALUE), "an event's time before the one before it");
                last.put(track, at);
                Deque<Object[]> stack = open.computeIfAbsent(track, key -> new ArrayDeque<>());
                long type = event.getField(9).getVarintList().get(0);
                if (type == 1) { // TYPE_SLICE_BEGIN
                    stack.push(new Object[] {event.getField(23).getLengthDelimitedList().get(0).toStringUtf8(), at});
                } else if (type == 2) { // TYPE_SLICE_END
                    Object[] began = stack.pop();
                    long[] totals = trace.slices.computeIfAbsent((String) began[0], name -> new long[2]);
                    totals[0]++;
                    totals[1] += at - (long) began[1];
                } else {
                    assertEquals(3L, type); // TYPE_INSTANT: track, time, name, the innermost open slice, annotations, flows
                    StringBuilder line = new StringBuilder(trackNames.get(track) + " " + at + " "
                            + event.getField(23).getLengthDelimitedList().get(0).toStringUtf8() + " in " + (stack.isEmpty() ? null : stack.peek()[0]));
                    for (ByteString annotationBytes : event.getField(4).getLengthDelimitedList()) { // debug_annotations
                        UnknownFieldSet annotation = UnknownFieldSet.parseFrom(annotationBytes);
                        line.append(' ').append(annotation.getField(10).getLengthDelimitedList().get(0).toStringUtf8()) // name
                                .append('=').append(annotation.getField(4).getVarintList().get(0)); // int_value
                    }
                    for (long flow : event.getField(47).getFixed64List()) { // flow_ids
                        line.append(" flow ").append(flow);
                        assertTrue(trace.flowsBegun.add(flow), "a flow begun twice");
                    }
                    for (long flow : event.getField(48).getFixed64List()) { // terminating_flow_ids
                        line.append(" ends ").append(flow);
                        assertTrue(trace.flowsBegun.contains(flow), "a flow ended before it began");
                        assertTrue(trace.flowsEnded.add(flow), "a flow ended twice");
                    }
                    trace.instants.add(line.toString());
                }
            }
            open.values().forEach(stack -> assertTrue(stack.isEmpty(), "slices never ended"));
            return trace;
        }
    }
}
