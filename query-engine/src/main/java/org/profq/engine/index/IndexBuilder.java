package org.profq.engine.index;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.profq.recording.EventReader;
import org.profq.recording.ReaderCheckpoint;
import org.profq.recording.Recording;

/**
 * Builds tables of the index of a recording in one streaming pass over its events, or extends
 * tables built before with the events after those they hold: for each table, every column file
 * of the tables it writes ({@link IndexColumn.Table#written}), the state the pass ended in
 * ({@link ResumeState}), then its manifest (with each column's extent and checksums), written
 * last. A build writes into the empty directories it is given, one per table ({@link RecordingIndex}
 * gives it fresh temporary ones and renames them into place). An extension writes into the
 * tables' own directories, appending to their files: it writes again the rows of each column's
 * tail that are finished (the last block's, read back from it) and goes on from the reader's
 * checkpoint and the collectors' state, so that the rows are those a build over every event
 * gives; until its manifest replaces the old one, the old one describes unchanged bytes.
 */
final class IndexBuilder {
    private final Map<IndexColumn, ColumnWriter> writers = new EnumMap<>(IndexColumn.class);
    /** Rows of each table before its first unfinished one, once one was written. */
    private final Map<IndexColumn.Table, Long> finishedRows = new EnumMap<>(IndexColumn.Table.class);
    /** Rows written, per table (an extension's counting those it keeps). */
    private final Map<IndexColumn.Table, Long> rows = new EnumMap<>(IndexColumn.Table.class);

    private IndexBuilder() {
    }

    /**
     * Writes the tables that are the keys of {@code directories} (tables that are
     * {@link IndexColumn.Table#built} alone), each into its empty directory; gives their manifests.
     */
    static Map<IndexColumn.Table, IndexManifest> build(Recording recording, Map<IndexColumn.Table, Path> directories)
            throws IOException {
        IndexBuilder builder = new IndexBuilder();
        try {
            Map<IndexColumn.Table, RowCollector> collectors = new EnumMap<>(IndexColumn.Table.class);
            for (Map.Entry<IndexColumn.Table, Path> built : directories.entrySet()) {
                collectors.put(built.getKey(), built.getKey().newCollector());
                for (IndexColumn.Table table : built.getKey().written()) {
                    builder.rows.put(table, 0L);
                    for (IndexColumn column : table.columns()) {
                        builder.writers.put(column, new ColumnWriter(built.getValue().resolve(column.fileName())));
                    }
                }
            }
            return builder.run(recording, recording.newEventReader(), collectors, directories);
        } finally {
            builder.close();
        }
    }

    /**
     * Extends the tables that are the keys of {@code directories}, in those directories, whose
     * manifests are {@code manifests}: all of one build or extension, so they end at one
     * checkpoint. Gives their new manifests, in place when it returns.
     */
    static Map<IndexColumn.Table, IndexManifest> extend(Recording recording, Map<IndexColumn.Table, Path> directories,
                                                        Map<IndexColumn.Table, IndexManifest> manifests) throws IOException {
        IndexBuilder builder = new IndexBuilder();
        try {
            Map<IndexColumn.Table, RowCollector> collectors = new EnumMap<>(IndexColumn.Table.class);
            ResumeState first = null;
            for (Map.Entry<IndexColumn.Table, Path> extended : directories.entrySet()) {
                Path directory = extended.getValue();
                IndexManifest manifest = manifests.get(extended.getKey());
                ResumeState state = ResumeState.read(directory, manifest);
                first = first == null ? state : first;
                RowCollector collector = extended.getKey().newCollector();
                collector.restoreState(state.collector(), manifest, directory);
                collectors.put(extended.getKey(), collector);
                for (IndexColumn.Table table : extended.getKey().written()) {
                    builder.carryOn(directory, manifest, table);
                }
            }
            EventReader events = recording.newEventReader(ReaderCheckpoint.fromBytes(first.checkpoint()));
            return builder.run(recording, events, collectors, directories);
        } finally {
            builder.close();
        }
    }

    /**
     * Opens {@code table}'s column files to go on after their sealed blocks, and writes again the
     * finished rows of their tails (those after are calls still open, which the pass writes again).
     */
    private void carryOn(Path directory, IndexManifest manifest, IndexColumn.Table table) throws IOException {
        long finished = manifest.finishedRows(table);
        for (IndexColumn column : table.columns()) {
            Path file = directory.resolve(column.fileName());
            ColumnExtent extent = manifest.extent(column);
            long[] carried = new long[Math.toIntExact(finished - extent.sealedRows())];
            if (carried.length > 0) {
                MappedColumn tail = MappedColumn.mapForExtension(file, extent);
                for (int row = 0; row < carried.length; row++) {
                    carried[row] = tail.getLong(extent.sealedRows() + row);
                }
            }
            ColumnWriter writer = ColumnWriter.append(file, extent);
            writers.put(column, writer);
            writer.write(carried, carried.length);
            rows.put(table, finished);
        }
    }

    /**
     * Writes every column from {@code events}, then each table's resume state and manifest; every
     * other resume state is deleted after (the replaced manifest's, and any that a build which
     * died before writing its manifest left behind).
     */
    private Map<IndexColumn.Table, IndexManifest> run(Recording recording, EventReader reader,
                                                      Map<IndexColumn.Table, RowCollector> collectors,
                                                      Map<IndexColumn.Table, Path> directories) throws IOException {
        ReaderCheckpoint checkpoint;
        Map<IndexColumn.Table, byte[]> states = new EnumMap<>(IndexColumn.Table.class);
        try (EventReader events = reader;
             IndexProgress progress = new IndexProgress(recording);
             DecodingThread decoded = new DecodingThread(recording, events, collectors)) {
            for (RowChunk chunk; (chunk = decoded.next()) != null; ) {
                write(chunk);
                progress.eventsRead(chunk.eventsRead);
                decoded.recycle(chunk);
            }
            checkpoint = decoded.checkpoint();
            collectors.keySet().forEach(table -> states.put(table, decoded.state(table)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while indexing " + recording.directory());
        }
        Map<IndexColumn, ColumnExtent> extents = new EnumMap<>(IndexColumn.class);
        for (Map.Entry<IndexColumn, ColumnWriter> writer : writers.entrySet()) {
            extents.put(writer.getKey(), writer.getValue().finish());
            finishedRows.putIfAbsent(writer.getKey().table, rows.get(writer.getKey().table));
        }
        close();
        Map<IndexColumn.Table, IndexManifest> manifests = new EnumMap<>(IndexColumn.Table.class);
        for (Map.Entry<IndexColumn.Table, Path> table : directories.entrySet()) {
            String resumeFile = ResumeState.fileName(recording.logBytes());
            long resumeChecksum = new ResumeState(checkpoint.toBytes(), states.get(table.getKey()))
                    .write(table.getValue().resolve(resumeFile));
            IndexManifest manifest = IndexManifest.of(recording, table.getKey(), finishedRows, extents, resumeFile, resumeChecksum);
            manifest.write(table.getValue());
            ResumeState.deleteAllBut(table.getValue(), resumeFile);
            manifests.put(table.getKey(), manifest);
        }
        return manifests;
    }

    private void write(RowChunk chunk) throws IOException {
        if (chunk.unfinished && !finishedRows.containsKey(chunk.table)) {
            finishedRows.put(chunk.table, rows.get(chunk.table));
            for (IndexColumn column : chunk.columns) {
                writers.get(column).startTail();
            }
        }
        for (int column = 0; column < chunk.columns.size(); column++) {
            writers.get(chunk.columns.get(column)).write(chunk.values[column], chunk.rows);
        }
        rows.merge(chunk.table, (long) chunk.rows, Long::sum);
    }

    /** Closes every column file (finished or not). */
    private void close() throws IOException {
        IOException failure = null;
        for (ColumnWriter writer : writers.values()) {
            try {
                writer.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        writers.clear();
        if (failure != null) {
            throw failure;
        }
    }
}
