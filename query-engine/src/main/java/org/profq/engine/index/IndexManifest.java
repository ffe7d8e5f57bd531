package org.profq.engine.index;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.profq.recording.Recording;

/**
 * What one table of an index was built from and holds, written last into
 * {@code <table>/manifest.properties}: the index format, the table, the run (start time, pid)
 * and the extent of {@code events/} it covers (log bytes and events, which grow with every
 * flushed batch), the row count of each table the build wrote (calls and contexts for calls),
 * and the CRC32C of each of their column files. A table whose manifest does not match the
 * recording as opened now is stale and is rebuilt; a column file that does not match its
 * checksum is damaged.
 */
record IndexManifest(int format, IndexColumn.Table table, long startedAtEpochNanos, long pid, long logBytes, long events,
                     Map<IndexColumn.Table, Long> rows, Map<IndexColumn, Long> checksums) {
    /**
     * 2: deaths, exceptions and allocations.tracked. 3: a CRC32C per column file. 4: uses.
     * 5: packed columns. 6: value profiles. 7: a directory and a manifest per table.
     */
    static final int FORMAT = 8;
    static final String FILE = "manifest.properties";
    private static final String CHECKSUM_PREFIX = "crc32c.";

    IndexManifest {
        rows = Map.copyOf(rows);
        checksums = Map.copyOf(checksums);
    }

    /** The manifest of {@code table} built from {@code recording}, with its own tables' rows and columns' checksums out of those given. */
    static IndexManifest of(Recording recording, IndexColumn.Table table, Map<IndexColumn.Table, Long> rows,
                            Map<IndexColumn, Long> checksums) {
        Map<IndexColumn.Table, Long> ownRows = new EnumMap<>(IndexColumn.Table.class);
        Map<IndexColumn, Long> ownChecksums = new EnumMap<>(IndexColumn.class);
        for (IndexColumn.Table written : table.written()) {
            ownRows.put(written, rows.get(written));
            written.columns().forEach(column -> ownChecksums.put(column, checksums.get(column)));
        }
        return new IndexManifest(FORMAT, table, recording.run().startedAtEpochNanos(), recording.run().pid(),
                recording.logBytes(), recording.eventCount(), ownRows, ownChecksums);
    }

    /** The rows of {@code table} (this manifest's table or one built with it). */
    long rows(IndexColumn.Table table) {
        return rows.get(table);
    }

    /** The CRC32C of {@code column}'s file. */
    long checksum(IndexColumn column) {
        return checksums.get(column);
    }

    /**
     * Why this table does not show exactly the events {@code recording} shows, or empty if it
     * does. {@link #grewSince} tells the ordinary case (the recording grew) from the others.
     */
    Optional<String> mismatch(Recording recording) {
        if (startedAtEpochNanos != recording.run().startedAtEpochNanos() || pid != recording.run().pid()) {
            return Optional.of("it was built from another run (pid " + pid + ", started at " + startedAtEpochNanos
                    + " ns since the epoch)");
        }
        if (logBytes != recording.logBytes() || events != recording.eventCount()) {
            return Optional.of("it covers " + events + " events in " + logBytes + " bytes of events/; the log holds "
                    + recording.eventCount() + " in " + recording.logBytes());
        }
        return Optional.empty();
    }

    /** Whether {@code recording} is the run this table was built from, grown since (a recording still being written). */
    boolean grewSince(Recording recording) {
        return startedAtEpochNanos == recording.run().startedAtEpochNanos() && pid == recording.run().pid()
                && logBytes < recording.logBytes() && events <= recording.eventCount();
    }

    void write(Path directory) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("format", Integer.toString(format));
        properties.setProperty("table", table.fileName);
        properties.setProperty("started_at_epoch_ns", Long.toString(startedAtEpochNanos));
        properties.setProperty("pid", Long.toString(pid));
        properties.setProperty("log_bytes", Long.toString(logBytes));
        properties.setProperty("events", Long.toString(events));
        for (IndexColumn.Table written : table.written()) {
            properties.setProperty(written.fileName, Long.toString(rows(written)));
            for (IndexColumn column : written.columns()) {
                properties.setProperty(CHECKSUM_PREFIX + column.fileName(), String.format("%08x", checksum(column)));
            }
        }
        try (Writer out = Files.newBufferedWriter(directory.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.store(out, "profq index of events/, table " + table.fileName + ": derived, deletable, rebuilt on demand");
        }
    }

    /**
     * The manifest of {@code table} in {@code directory}, or empty when it is of another index
     * format (a table an older profq built: stale, not damaged).
     */
    static Optional<IndexManifest> read(Path directory, IndexColumn.Table table) throws IOException {
        Path file = directory.resolve(FILE);
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new IndexDamagedException(file + " is unreadable: " + e.getMessage());
        }
        try {
            int format = Integer.parseInt(value(properties, file, "format"));
            if (format != FORMAT) {
                return Optional.empty();
            }
            if (!table.fileName.equals(value(properties, file, "table"))) {
                throw new IndexDamagedException(file + " is not the manifest of " + table.fileName);
            }
            Map<IndexColumn.Table, Long> rows = new EnumMap<>(IndexColumn.Table.class);
            Map<IndexColumn, Long> checksums = new EnumMap<>(IndexColumn.class);
            for (IndexColumn.Table written : table.written()) {
                rows.put(written, count(properties, file, written.fileName));
                for (IndexColumn column : written.columns()) {
                    String checksum = value(properties, file, CHECKSUM_PREFIX + column.fileName());
                    if (checksum.length() != 8) {
                        throw new NumberFormatException("the checksum " + checksum + " is not 8 hex digits");
                    }
                    checksums.put(column, Long.parseLong(checksum, 16));
                }
            }
            if (rows.containsKey(IndexColumn.Table.CONTEXTS)) {
                Math.toIntExact(rows.get(IndexColumn.Table.CONTEXTS)); // contexts are numbered by int: more is damage (below)
            }
            return Optional.of(new IndexManifest(format, table,
                    Long.parseLong(value(properties, file, "started_at_epoch_ns")), Long.parseLong(value(properties, file, "pid")),
                    Long.parseLong(value(properties, file, "log_bytes")), Long.parseLong(value(properties, file, "events")),
                    rows, checksums));
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IndexDamagedException(file + " is unreadable: " + e.getMessage());
        }
    }

    private static long count(Properties properties, Path file, String key) throws IndexDamagedException {
        long count = Long.parseLong(value(properties, file, key));
        if (count < 0) {
            throw new IndexDamagedException(file + " says " + key + "=" + count);
        }
        return count;
    }

    private static String value(Properties properties, Path file, String key) throws IndexDamagedException {
        String value = properties.getProperty(key);
        if (value == null) {
            throw new IndexDamagedException(file + " lacks " + key);
        }
        return value.trim();
    }
}
