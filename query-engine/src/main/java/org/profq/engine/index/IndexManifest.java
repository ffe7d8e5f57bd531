package org.profq.engine.index;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.profq.recording.Recording;

/**
 * What one table of an index was built from and holds, written last into
 * {@code <table>/manifest.properties} (by an atomic rename, so a reader sees the old one or the
 * new one): the index format, the table, the run (start time, pid) and the extent of
 * {@code events/} it covers (log bytes and events, which grow with every flushed batch), the row
 * count of each table the build wrote (calls and contexts for calls) and how many of those rows
 * are finished (all but calls still open), the extent of each of their columns
 * ({@link ColumnExtent}: length, sealed rows, CRC32Cs), and the file of the state the build ended
 * in ({@link ResumeState}) with its CRC32C. A table whose manifest does not match the recording as
 * opened now is stale and is extended (or rebuilt); a column file that does not match its
 * checksums is damaged.
 */
record IndexManifest(int format, IndexColumn.Table table, long startedAtEpochNanos, long pid, long logBytes, long events,
                     Map<IndexColumn.Table, Long> rows, Map<IndexColumn.Table, Long> finishedRows,
                     Map<IndexColumn, ColumnExtent> extents, String resumeFile, long resumeChecksum) {
    /**
     * 2: deaths, exceptions and allocations.tracked. 3: a CRC32C per column file. 4: uses.
     * 5: packed columns. 6: value profiles. 7: a directory and a manifest per table.
     * 8: columns that grow (sealed blocks, a tail, a CRC32C per block) and the state to extend them from.
     * 9: blocks encoded for what they hold (frame, line, dictionary, with exceptions).
     * 10: deaths.reachable_at_exit.
     * 11: calls' CPU time and the calls and allocations made in and inside each call (overhead compensation).
     * 12: allocations' totals per site and per class in its collector state (AllocationTotals), which answer the heap views.
     * 13: calls without what their calling context says (no method_id; depth_beyond_context for depth) and
     *     with the counts inside a call as those of its callees (calls_in_callees, allocations_in_callees).
     * 14: calls' totals per calling context and flags in its collector state (CallTotals), which answer the time views.
     * 15: calls' compensation of the whole call tree (the *_correction columns; the open calls' overhead and deficits).
     * 16: a call pays what its caller had not had the time to pay when it ended (the open calls' paid and unpaid shares).
     */
    static final int FORMAT = 16;
    static final String FILE = "manifest.properties";
    private static final String EXTENT_PREFIX = "extent.";
    private static final String FINISHED_PREFIX = "finished.";

    IndexManifest {
        rows = Map.copyOf(rows);
        finishedRows = Map.copyOf(finishedRows);
        extents = Map.copyOf(extents);
    }

    /** The manifest of {@code table} built from {@code recording}, with its own tables' rows and columns' extents out of those given. */
    static IndexManifest of(Recording recording, IndexColumn.Table table, Map<IndexColumn.Table, Long> finishedRows,
                            Map<IndexColumn, ColumnExtent> extents, String resumeFile, long resumeChecksum) {
        Map<IndexColumn.Table, Long> ownRows = new EnumMap<>(IndexColumn.Table.class);
        Map<IndexColumn.Table, Long> ownFinished = new EnumMap<>(IndexColumn.Table.class);
        Map<IndexColumn, ColumnExtent> ownExtents = new EnumMap<>(IndexColumn.class);
        for (IndexColumn.Table written : table.written()) {
            ownRows.put(written, extents.get(written.columns().get(0)).rows());
            ownFinished.put(written, finishedRows.get(written));
            written.columns().forEach(column -> ownExtents.put(column, extents.get(column)));
        }
        return new IndexManifest(FORMAT, table, recording.run().startedAtEpochNanos(), recording.run().pid(),
                recording.logBytes(), recording.eventCount(), ownRows, ownFinished, ownExtents, resumeFile, resumeChecksum);
    }

    /** The rows of {@code table} (this manifest's table or one built with it). */
    long rows(IndexColumn.Table table) {
        return rows.get(table);
    }

    /** The rows of {@code table} that are finished: all but the calls still open, which come last. */
    long finishedRows(IndexColumn.Table table) {
        return finishedRows.get(table);
    }

    /** What {@code column}'s files hold. */
    ColumnExtent extent(IndexColumn column) {
        return extents.get(column);
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

    /** Whether this table was built from more of {@code recording}'s events than it shows (opened before the build). */
    boolean isAheadOf(Recording recording) {
        return startedAtEpochNanos == recording.run().startedAtEpochNanos() && pid == recording.run().pid()
                && logBytes > recording.logBytes() && events >= recording.eventCount();
    }

    void write(Path directory) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("format", Integer.toString(format));
        properties.setProperty("table", table.fileName);
        properties.setProperty("started_at_epoch_ns", Long.toString(startedAtEpochNanos));
        properties.setProperty("pid", Long.toString(pid));
        properties.setProperty("log_bytes", Long.toString(logBytes));
        properties.setProperty("events", Long.toString(events));
        properties.setProperty("resume", resumeFile);
        properties.setProperty("resume_crc32c", String.format("%08x", resumeChecksum));
        for (IndexColumn.Table written : table.written()) {
            properties.setProperty(written.fileName, Long.toString(rows(written)));
            properties.setProperty(FINISHED_PREFIX + written.fileName, Long.toString(finishedRows(written)));
            for (IndexColumn column : written.columns()) {
                ColumnExtent extent = extent(column);
                properties.setProperty(EXTENT_PREFIX + column.fileName(), String.format("%d,%d,%d,%08x,%08x", extent.rows(),
                        extent.sealedRows(), extent.bytes(), extent.sealedChecksum(), extent.checksum()));
            }
        }
        Path written = Files.createTempFile(directory, FILE, ".new");
        try {
            try (Writer out = Files.newBufferedWriter(written, StandardCharsets.UTF_8)) {
                properties.store(out, "profq index of events/, table " + table.fileName + ": derived, deletable, rebuilt on demand");
            }
            Files.move(written, directory.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(written);
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
            Map<IndexColumn.Table, Long> finished = new EnumMap<>(IndexColumn.Table.class);
            Map<IndexColumn, ColumnExtent> extents = new EnumMap<>(IndexColumn.class);
            for (IndexColumn.Table written : table.written()) {
                long count = count(properties, file, written.fileName);
                rows.put(written, count);
                long finishedCount = count(properties, file, FINISHED_PREFIX + written.fileName);
                if (finishedCount > count) {
                    throw new IndexDamagedException(file + " says " + finishedCount + " of " + count + " rows are finished");
                }
                finished.put(written, finishedCount);
                for (IndexColumn column : written.columns()) {
                    String[] extent = value(properties, file, EXTENT_PREFIX + column.fileName()).split(",");
                    if (extent.length != 5 || extent[3].length() != 8 || extent[4].length() != 8) {
                        throw new NumberFormatException("the extent of " + column.fileName() + " is not rows,sealed,bytes,crc,crc");
                    }
                    ColumnExtent read = new ColumnExtent(Long.parseLong(extent[0]), Long.parseLong(extent[1]),
                            Long.parseLong(extent[2]), Long.parseLong(extent[3], 16), Long.parseLong(extent[4], 16));
                    if (read.rows() != count || read.sealedRows() > finishedCount) {
                        throw new IndexDamagedException(file + " gives " + column.fileName() + " " + read.rows() + " rows ("
                                + read.sealedRows() + " sealed), not " + count + " (" + finishedCount + " finished)");
                    }
                    extents.put(column, read);
                }
            }
            String resumeChecksum = value(properties, file, "resume_crc32c");
            if (resumeChecksum.length() != 8) {
                throw new NumberFormatException("the checksum " + resumeChecksum + " is not 8 hex digits");
            }
            if (rows.containsKey(IndexColumn.Table.CONTEXTS)) {
                Math.toIntExact(rows.get(IndexColumn.Table.CONTEXTS)); // contexts are numbered by int: more is damage (below)
            }
            return Optional.of(new IndexManifest(format, table,
                    Long.parseLong(value(properties, file, "started_at_epoch_ns")), Long.parseLong(value(properties, file, "pid")),
                    Long.parseLong(value(properties, file, "log_bytes")), Long.parseLong(value(properties, file, "events")),
                    rows, finished, extents, value(properties, file, "resume"), Long.parseLong(resumeChecksum, 16)));
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
