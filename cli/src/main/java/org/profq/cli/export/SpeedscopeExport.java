package org.profq.cli.export;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * A recording's calls as a speedscope file (its JSON file format,
 * {@code https://www.speedscope.app/file-format-schema.json}): one evented profile per thread that
 * made calls, which opens a frame at each recorded call's start and closes it at its end, in
 * nanoseconds on profq's time axis ({@link CallTimeline}).
 */
public final class SpeedscopeExport implements CallTimeline.Visitor {
    private static final String SCHEMA = "https://www.speedscope.app/file-format-schema.json";

    private final JsonGenerator json;
    /** Frame index by method id, in the order of {@code methods}. */
    private final Map<Long, Integer> frames = new HashMap<>();
    private long first;
    private int profiles;

    private SpeedscopeExport(JsonGenerator json) {
        this.json = json;
    }

    /** Writes the default schema's calls that {@code window} keeps to {@code out}, named {@code name}. */
    public static Written write(Connection connection, CallTimeline.Window window, String name, OutputStream out)
            throws SQLException, IOException {
        try (JsonGenerator json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            SpeedscopeExport export = new SpeedscopeExport(json);
            json.writeStartObject();
            json.writeStringField("$schema", SCHEMA);
            json.writeStringField("exporter", "profq");
            json.writeStringField("name", name);
            json.writeNumberField("activeProfileIndex", 0);
            export.frames(connection);
            json.writeArrayFieldStart("profiles");
            long calls = CallTimeline.walk(connection, window, export);
            json.writeEndArray();
            json.writeEndObject();
            return new Written(calls, export.profiles);
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

    @Override
    public void threadStarts(long threadId, String name) throws IOException {
        profiles++;
        first = -1;
        json.writeStartObject();
        json.writeStringField("type", "evented");
        json.writeStringField("name", name);
        json.writeStringField("unit", "nanoseconds");
        json.writeArrayFieldStart("events");
    }

    @Override
    public void opens(long methodId, long nanos) throws IOException {
        event("O", methodId, nanos);
    }

    @Override
    public void closes(long methodId, long nanos) throws IOException {
        event("C", methodId, nanos);
    }

    @Override
    public void threadEnds(long lastNanos) throws IOException {
        json.writeEndArray();
        json.writeNumberField("startValue", first);
        json.writeNumberField("endValue", lastNanos);
        json.writeEndObject();
    }

    private void event(String type, long methodId, long nanos) throws IOException {
        Integer frame = frames.get(methodId);
        if (frame == null) {
            throw new IOException("the calls name a method the recording's methods table lacks: " + methodId);
        }
        if (first < 0) {
            first = nanos;
        }
        json.writeStartObject();
        json.writeStringField("type", type);
        json.writeNumberField("frame", frame);
        json.writeNumberField("at", nanos);
        json.writeEndObject();
    }
}
