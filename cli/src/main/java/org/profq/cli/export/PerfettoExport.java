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
import java.util.Map;

import com.google.protobuf.CodedOutputStream;

/**
 * A recording's calls as a Perfetto trace (protobuf, the {@code TrackEvent} format of
 * {@code protos/perfetto/trace/trace_packet.proto}): a track for the process, one under it for each
 * thread that made calls, and on each a slice for each recorded call, begun at its start and ended
 * at its end, in nanoseconds on profq's time axis ({@link CallTimeline}). Each thread's packets
 * are a sequence of their own; the trace processor sorts packets by time when it loads a file.
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
    private static final long PROCESS_TRACK = 1;

    private final CodedOutputStream trace;
    private final int pid;
    private final Map<Long, String> signatures = new HashMap<>();
    private final Map<Long, Long> javaThreadIds = new HashMap<>();
    private final ByteArrayOutputStream packetBytes = new ByteArrayOutputStream();
    private long track;
    private int threads;

    private PerfettoExport(CodedOutputStream trace, int pid) {
        this.trace = trace;
        this.pid = pid;
    }

    /** Writes the default schema's calls that {@code window} keeps to {@code out}. */
    public static Written write(Connection connection, CallTimeline.Window window, OutputStream out) throws SQLException, IOException {
        CodedOutputStream trace = CodedOutputStream.newInstance(out);
        RunFacts run = RunFacts.of(connection);
        PerfettoExport export = new PerfettoExport(trace, (int) run.pid());
        export.read(connection);
        export.processTrack(run.mainClass());
        long calls = CallTimeline.walk(connection, window, export);
        trace.flush();
        return new Written(calls, export.threads);
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
