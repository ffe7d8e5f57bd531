package org.profq.cli.export;

import static org.profq.cli.export.ProtoMessages.message;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.protobuf.CodedOutputStream;

/**
 * A recording's calls as a Perfetto trace (protobuf, the {@code TrackEvent} format of
 * {@code protos/perfetto/trace/trace_packet.proto}): a track for the process, one under it for each
 * thread that made calls, and on each a slice for each recorded call, begun at its start and ended
 * at its end, in nanoseconds on profq's time axis ({@link CallTimeline}). Each thread's packets
 * are a sequence of their own; the trace processor sorts packets by time when it loads a file.
 *
 * <p>Asked for, allocations and throws are instants on their thread's track inside their call's
 * slice ({@link TimelineEvents}), an allocation with its object's id and size; the deaths seen
 * during the run of the objects whose allocations are drawn are instants on a track of their own,
 * each the end of a flow (its id the object's) that begins at the allocation.
 */
public final class PerfettoExport implements CallTimeline.Visitor {
    // Field numbers of Perfetto's trace protos (Trace, TracePacket, TrackDescriptor, ...).
    private static final int TRACE_PACKET = 1;
    private static final int PACKET_TIMESTAMP = 8;
    private static final int PACKET_SEQUENCE_ID = 10;
    private static final int PACKET_TRACK_EVENT = 11;
    private static final int PACKET_TRACK_DESCRIPTOR = 60;
    private static final int TRACK_UUID = 1;
    private static final int TRACK_PROCESS = 3;
    private static final int TRACK_THREAD = 4;
    private static final int TRACK_PARENT_UUID = 5;
    private static final int PROCESS_PID = 1;
    private static final int PROCESS_NAME = 6;
    private static final int THREAD_PID = 1;
    private static final int THREAD_TID = 2;
    private static final int THREAD_NAME = 5;
    private static final int EVENT_TYPE = 9;
    private static final int EVENT_TRACK_UUID = 11;
    private static final int EVENT_NAME = 23;
    private static final int SLICE_BEGIN = 1;
    private static final int SLICE_END = 2;
    private static final int INSTANT = 3;
    private static final int TRACK_NAME = 2;
    private static final int EVENT_DEBUG_ANNOTATIONS = 4;
    private static final int EVENT_FLOW_IDS = 47;
    private static final int EVENT_TERMINATING_FLOW_IDS = 48;
    private static final int ANNOTATION_INT_VALUE = 4;
    private static final int ANNOTATION_NAME = 10;
    private static final long PROCESS_TRACK = 1;
    /** The track of object deaths, under the process's: a thread's track is 1 + its thread id. */
    private static final long DEATHS_TRACK = Integer.MAX_VALUE;

    private final CodedOutputStream trace;
    private final int pid;
    private final Map<Long, String> signatures = new HashMap<>();
    private final Map<Long, Long> javaThreadIds = new HashMap<>();
    private final ByteArrayOutputStream packetBytes = new ByteArrayOutputStream();
    /** The objects whose allocation was drawn with a flow to their death. */
    private final Set<Long> flowsBegun = new HashSet<>();
    private long track;
    private int threads;

    private PerfettoExport(CodedOutputStream trace, int pid) {
        this.trace = trace;
        this.pid = pid;
    }

    /** Writes the default schema's calls that {@code window} keeps to {@code out}. */
    public static Written write(Connection connection, CallTimeline.Window window, OutputStream out) throws SQLException, IOException {
        return write(connection, window, List.of(), out);
    }

    /**
     * The same, with instants of the kinds named in {@code eventKinds} (allocations, throws,
     * deaths) on the threads' tracks, and each death on a track of its own with a flow from its
     * object's allocation.
     */
    public static Written write(Connection connection, CallTimeline.Window window, List<String> eventKinds, OutputStream out)
            throws SQLException, IOException {
        Set<TimelineEvents.Kind> kinds = TimelineEvents.Kind.named(eventKinds);
        CodedOutputStream trace = CodedOutputStream.newInstance(out);
        RunFacts run = RunFacts.of(connection);
        PerfettoExport export = new PerfettoExport(trace, (int) run.pid());
        export.read(connection);
        export.processTrack(run.mainClass());
        long calls;
        try (TimelineEvents events = TimelineEvents.of(connection, kinds, window)) {
            calls = CallTimeline.walk(connection, window, events, export);
        }
        if (kinds.contains(TimelineEvents.Kind.DEATHS)) {
            export.deaths(connection);
        }
        trace.flush();
        return new Written(calls, export.threads);
    }

    /** Refuses, with an IllegalArgumentException that says why, event kinds that --events cannot draw. */
    public static void checkEventKinds(List<String> eventKinds) {
        TimelineEvents.Kind.named(eventKinds);
    }

    private void read(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            try (ResultSet methods = statement.executeQuery("SELECT method_id, signature FROM methods")) {
                while (methods.next()) {
                    signatures.put(methods.getLong(1), methods.getString(2));
                }
            }
            try (ResultSet threadRows = statement.executeQuery("SELECT thread_id, java_thread_id FROM threads")) {
                while (threadRows.next()) {
                    javaThreadIds.put(threadRows.getLong(1), threadRows.getLong(2));
                }
            }
        }
    }

    private void processTrack(String name) throws IOException {
        CodedOutputStream packet = startPacket(PROCESS_TRACK);
        packet.writeByteArray(PACKET_TRACK_DESCRIPTOR, message(descriptor -> {
            descriptor.writeUInt64(TRACK_UUID, PROCESS_TRACK);
            descriptor.writeByteArray(TRACK_PROCESS, message(process -> {
                process.writeInt32(PROCESS_PID, pid);
                process.writeString(PROCESS_NAME, name);
            }));
        }));
        endPacket(packet);
    }

    @Override
    public void threadStarts(long threadId, String name) throws IOException {
        threads++;
        track = PROCESS_TRACK + threadId;
        CodedOutputStream packet = startPacket(track);
        packet.writeByteArray(PACKET_TRACK_DESCRIPTOR, message(descriptor -> {
            descriptor.writeUInt64(TRACK_UUID, track);
            descriptor.writeUInt64(TRACK_PARENT_UUID, PROCESS_TRACK);
            descriptor.writeByteArray(TRACK_THREAD, message(thread -> {
                thread.writeInt32(THREAD_PID, pid);
                thread.writeInt32(THREAD_TID, (int) (long) javaThreadIds.getOrDefault(threadId, threadId));
                thread.writeString(THREAD_NAME, name);
            }));
        }));
        endPacket(packet);
    }

    @Override
    public void opens(long methodId, long nanos) throws IOException {
        slice(SLICE_BEGIN, signatures.getOrDefault(methodId, "method " + methodId), nanos);
    }

    @Override
    public void closes(long methodId, long nanos) throws IOException {
        slice(SLICE_END, null, nanos);
    }

    @Override
    public void instant(TimelineEvents.Event event, long nanos) throws IOException {
        boolean allocation = event.kind() == TimelineEvents.Kind.ALLOCATIONS;
        if (allocation && event.dies()) {
            flowsBegun.add(event.objectId());
        }
        CodedOutputStream packet = startPacket(track);
        packet.writeUInt64(PACKET_TIMESTAMP, nanos);
        packet.writeByteArray(PACKET_TRACK_EVENT, message(instant -> {
            instant.writeEnum(EVENT_TYPE, INSTANT);
            instant.writeUInt64(EVENT_TRACK_UUID, track);
            instant.writeString(EVENT_NAME, (allocation ? "new " : "throw ") + event.className());
            if (allocation) {
                instant.writeByteArray(EVENT_DEBUG_ANNOTATIONS, annotation("object_id", event.objectId()));
                instant.writeByteArray(EVENT_DEBUG_ANNOTATIONS, annotation("size_bytes", event.sizeBytes()));
                if (event.dies()) {
                    instant.writeFixed64(EVENT_FLOW_IDS, event.objectId());
                }
            }
        }));
        endPacket(packet);
    }

    /** The deaths seen during the run of the objects whose allocations were drawn, in time order, each ending its flow. */
    private void deaths(Connection connection) throws SQLException, IOException {
        CodedOutputStream descriptorPacket = startPacket(DEATHS_TRACK);
        descriptorPacket.writeByteArray(PACKET_TRACK_DESCRIPTOR, message(descriptor -> {
            descriptor.writeUInt64(TRACK_UUID, DEATHS_TRACK);
            descriptor.writeUInt64(TRACK_PARENT_UUID, PROCESS_TRACK);
            descriptor.writeString(TRACK_NAME, "object deaths");
        }));
        endPacket(descriptorPacket);
        try (Statement statement = connection.createStatement();
             ResultSet deaths = statement.executeQuery("SELECT d.object_id, d.death_ns, k.name FROM deaths d"
                     + " JOIN allocations a ON a.object_id = d.object_id JOIN classes k ON k.class_id = a.class_id"
                     + " WHERE NOT d.at_exit ORDER BY d.death_ns")) {
            while (deaths.next()) {
                long objectId = deaths.getLong(1);
                if (!flowsBegun.contains(objectId)) {
                    continue;
                }
                CodedOutputStream packet = startPacket(DEATHS_TRACK);
                packet.writeUInt64(PACKET_TIMESTAMP, deaths.getLong(2));
                String name = "death " + deaths.getString(3);
                packet.writeByteArray(PACKET_TRACK_EVENT, message(death -> {
                    death.writeEnum(EVENT_TYPE, INSTANT);
                    death.writeUInt64(EVENT_TRACK_UUID, DEATHS_TRACK);
                    death.writeString(EVENT_NAME, name);
                    death.writeByteArray(EVENT_DEBUG_ANNOTATIONS, annotation("object_id", objectId));
                    death.writeFixed64(EVENT_TERMINATING_FLOW_IDS, objectId);
                }));
                endPacket(packet);
            }
        }
    }

    private static byte[] annotation(String name, long value) throws IOException {
        return message(annotation -> {
            annotation.writeString(ANNOTATION_NAME, name);
            annotation.writeInt64(ANNOTATION_INT_VALUE, value);
        });
    }

    @Override
    public void threadEnds(long lastNanos) {
        // a thread's track needs no end
    }

    private void slice(int type, String name, long nanos) throws IOException {
        CodedOutputStream packet = startPacket(track);
        packet.writeUInt64(PACKET_TIMESTAMP, nanos);
        packet.writeByteArray(PACKET_TRACK_EVENT, message(event -> {
            event.writeEnum(EVENT_TYPE, type);
            event.writeUInt64(EVENT_TRACK_UUID, track);
            if (name != null) {
                event.writeString(EVENT_NAME, name);
            }
        }));
        endPacket(packet);
    }

    /** A packet on {@code sequence}'s sequence of packets (one per track). */
    private CodedOutputStream startPacket(long sequence) throws IOException {
        packetBytes.reset();
        CodedOutputStream packet = CodedOutputStream.newInstance(packetBytes);
        packet.writeUInt32(PACKET_SEQUENCE_ID, (int) sequence);
        return packet;
    }

    private void endPacket(CodedOutputStream packet) throws IOException {
        packet.flush();
        trace.writeByteArray(TRACE_PACKET, packetBytes.toByteArray());
    }
}
