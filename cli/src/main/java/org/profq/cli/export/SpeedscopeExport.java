package org.profq.cli.export;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * A recording's calls as a speedscope file (its JSON file format,
 * {@code https://www.speedscope.app/file-format-schema.json}): one evented profile per thread that
 * made calls, which opens a frame at each recorded call's start and closes it at its end, in
 * nanoseconds on profq's time axis. The times are the clock's own (raw, not compensated for
 * profq's overhead), so the timeline shows what the clock saw; a call still running at the end
 * closes at its {@code end_ns}. Calls stream in entry order; only one thread's open calls are held.
 */
public final class SpeedscopeExport {
    private static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    private final JsonGenerator json;
    /** Frame index by method id, in the order of {@code methods}. */
    private final Map<Long, Integer> frames = new HashMap<>();
    private long calls;
    private int profiles;

    private SpeedscopeExport(JsonGenerator json) {
        this.json = json;
    }

    /** What was written: calls, and the threads that made them (one profile each). */
    public record Written(long calls, int threads) {
    }

    /** Writes the default schema's calls of {@code connection} to {@code out}, named {@code name}. */
    public static Written write(Connection connection, String name, OutputStream out) throws SQLException, IOException {
        try (JsonGenerator json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            SpeedscopeExport export = new SpeedscopeExport(json);
            json.writeStartObject();
            json.writeStringField("$schema", SCHEMA);
            json.writeStringField("exporter", "profq");
            json.writeStringField("name", name);
            json.writeNumberField("activeProfileIndex", 0);
            export.frames(connection);
            export.profiles(connection);
            json.writeEndObject();
            return new Written(export.calls, export.profiles);
        }
    }

    private void frames(Connection connection) throws SQLException, IOException {
        json.writeObjectFieldStart("shared");
        json.writeArrayFieldStart("frames");
        try (Statement statement = connection.createStatement();
             ResultSet methods = statement.executeQuery("SELECT method_id, signature FROM methods ORDER BY method_id")) {
            while (methods.next()) {
                frames.put(methods.getLong(1), frames.size());
                json.writeStartObject();
                json.writeStringField("name", methods.getString(2));
                json.writeEndObject();
            }
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private void profiles(Connection connection) throws SQLException, IOException {
        Map<Long, String> threadNames = new HashMap<>();
        try (Statement statement = connection.createStatement();
             ResultSet threads = statement.executeQuery("SELECT thread_id, name FROM threads")) {
            while (threads.next()) {
                threadNames.put(threads.getLong(1), threads.getString(2));
            }
        }
        json.writeArrayFieldStart("profiles");
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT thread_id, call_id, parent_call_id, method_id, start_ns, end_ns"
                     + " FROM calls ORDER BY thread_id, call_id")) { // a thread's call ids rise in entry order
            ThreadProfile profile = null;
            while (rows.next()) {
                long thread = rows.getLong(1);
                if (profile == null || profile.thread != thread) {
                    if (profile != null) {
                        profile.end();
                    }
                    profile = new ThreadProfile(thread, threadNames.getOrDefault(thread, "thread " + thread));
                }
                long parent = rows.getLong(3); // NULL (0) for a thread's outermost calls
                profile.call(rows.getLong(2), parent, frame(rows.getLong(4)), rows.getLong(5), rows.getLong(6));
            }
            if (profile != null) {
                profile.end();
            }
        }
        json.writeEndArray();
    }

    private int frame(long methodId) throws IOException {
        Integer frame = frames.get(methodId);
        if (frame == null) { // a call the weaver could not name (method 0) when methods has no row for it
            throw new IOException("the calls name a method the recording's methods table lacks: " + methodId);
        }
        return frame;
    }

    /** One thread's evented profile, written as its calls arrive: an open frame's call on the stack until a call outside it starts. */
    private final class ThreadProfile {
        final long thread;
        private final Deque<long[]> open = new ArrayDeque<>(); // {call id, end ns, frame}
        private long first = -1;
        private long last;

        ThreadProfile(long thread, String name) throws IOException {
            this.thread = thread;
            profiles++;
            json.writeStartObject();
            json.writeStringField("type", "evented");
            json.writeStringField("name", name);
            json.writeStringField("unit", "nanoseconds");
            json.writeArrayFieldStart("events");
        }

        void call(long callId, long parentCallId, int frame, long startNanos, long endNanos) throws IOException {
            while (!open.isEmpty() && open.peek()[0] != parentCallId) {
                close();
            }
            event("O", frame, startNanos);
            open.push(new long[] {callId, endNanos, frame});
            calls++;
        }

        void end() throws IOException {
            while (!open.isEmpty()) {
                close();
            }
            json.writeEndArray();
            json.writeNumberField("startValue", Math.max(first, 0));
            json.writeNumberField("endValue", last);
            json.writeEndObject();
        }

        private void close() throws IOException {
            long[] call = open.pop();
            event("C", (int) call[2], call[1]);
        }

        /** An event at {@code nanos}, never before the one written last (speedscope reads them in order). */
        private void event(String type, int frame, long nanos) throws IOException {
            long at = Math.max(nanos, last);
            if (first < 0) {
                first = at;
            }
            last = at;
            json.writeStartObject();
            json.writeStringField("type", type);
            json.writeNumberField("frame", frame);
            json.writeNumberField("at", at);
            json.writeEndObject();
        }
    }
}
