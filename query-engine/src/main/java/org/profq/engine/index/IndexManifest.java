package org.profq.engine.index;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import org.profq.recording.Recording;

/**
 * What an index was built from and holds, written last into {@code index/manifest.properties}:
 * the index format, the run (start time, pid) and the extent of {@code events/} it covers (log
 * bytes and events, which grow with every flushed batch), and the row count of each table. An
 * index whose manifest does not match the recording as opened now is stale and is rebuilt.
 */
record IndexManifest(int format, long startedAtEpochNanos, long pid, long logBytes, long events, long calls,
                     long allocations, long deaths, long exceptions, int contexts) {
    /** 2: deaths, exceptions and allocations.tracked. */
    static final int FORMAT = 2;
    static final String FILE = "manifest.properties";

    static IndexManifest of(Recording recording, long calls, long allocations, long deaths, long exceptions, int contexts) {
        return new IndexManifest(FORMAT, recording.run().startedAtEpochNanos(), recording.run().pid(), recording.logBytes(),
                recording.eventCount(), calls, allocations, deaths, exceptions, contexts);
    }

    /** Whether this index was built from exactly the events {@code recording} shows. */
    boolean covers(Recording recording) {
        return format == FORMAT && startedAtEpochNanos == recording.run().startedAtEpochNanos()
                && pid == recording.run().pid() && logBytes == recording.logBytes() && events == recording.eventCount();
    }

    void write(Path directory) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("format", Integer.toString(format));
        properties.setProperty("started_at_epoch_ns", Long.toString(startedAtEpochNanos));
        properties.setProperty("pid", Long.toString(pid));
        properties.setProperty("log_bytes", Long.toString(logBytes));
        properties.setProperty("events", Long.toString(events));
        properties.setProperty("calls", Long.toString(calls));
        properties.setProperty("allocations", Long.toString(allocations));
        properties.setProperty("deaths", Long.toString(deaths));
        properties.setProperty("exceptions", Long.toString(exceptions));
        properties.setProperty("contexts", Integer.toString(contexts));
        try (Writer out = Files.newBufferedWriter(directory.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.store(out, "profq index of events/: derived, deletable, rebuilt on demand");
        }
    }

    static IndexManifest read(Path directory) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(directory.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        try {
            return new IndexManifest(Integer.parseInt(value(properties, "format")),
                    Long.parseLong(value(properties, "started_at_epoch_ns")), Long.parseLong(value(properties, "pid")),
                    Long.parseLong(value(properties, "log_bytes")), Long.parseLong(value(properties, "events")),
                    Long.parseLong(value(properties, "calls")), Long.parseLong(value(properties, "allocations")),
                    Long.parseLong(value(properties, "deaths")), Long.parseLong(value(properties, "exceptions")),
                    Integer.parseInt(value(properties, "contexts")));
        } catch (NumberFormatException e) {
            throw new IndexDamagedException(directory.resolve(FILE) + " is unreadable: " + e.getMessage());
        }
    }

    private static String value(Properties properties, String key) throws IndexDamagedException {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IndexDamagedException("the index manifest lacks " + key);
        }
        return value.trim();
    }
}
