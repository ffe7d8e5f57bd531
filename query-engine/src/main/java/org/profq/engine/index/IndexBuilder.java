package org.profq.engine.index;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.profq.recording.EventReader;
import org.profq.recording.Recording;

/**
 * Builds tables of the index of a recording in one streaming pass over its events: for each
 * table asked for, every column file of the tables it writes ({@link IndexColumn.Table#written}),
 * then its manifest (with each file's CRC32C), written last. It writes into the directories it
 * is given, one per table; {@link RecordingIndex} gives it fresh temporary ones and renames
 * them into place.
 */
final class IndexBuilder {
    private final Map<IndexColumn, ColumnWriter> writers = new EnumMap<>(IndexColumn.class);
    /** Rows written, per table. */
    private final Map<IndexColumn.Table, Long> rows = new EnumMap<>(IndexColumn.Table.class);

    private IndexBuilder(Map<IndexColumn.Table, Path> directories) throws IOException {
        try {
            for (Map.Entry<IndexColumn.Table, Path> built : directories.entrySet()) {
                for (IndexColumn.Table table : built.getKey().written()) {
                    rows.put(table, 0L);
                    for (IndexColumn column : table.columns()) {
                        writers.put(column, new ColumnWriter(built.getValue().resolve(column.fileName())));
                    }
                }
            }
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    /**
     * Writes the tables that are the keys of {@code directories} (tables that are
     * {@link IndexColumn.Table#built} alone), each into its empty directory; gives their manifests.
     */
    static Map<IndexColumn.Table, IndexManifest> build(Recording recording, Map<IndexColumn.Table, Path> directories)
            throws IOException {
        IndexBuilder builder = new IndexBuilder(directories);
        try {
            builder.index(recording, directories);
            Map<IndexColumn, Long> checksums = builder.close();
            Map<IndexColumn.Table, IndexManifest> manifests = new EnumMap<>(IndexColumn.Table.class);
            for (Map.Entry<IndexColumn.Table, Path> table : directories.entrySet()) {
                IndexManifest manifest = IndexManifest.of(recording, table.getKey(), builder.rows, checksums);
                manifest.write(table.getValue());
                manifests.put(table.getKey(), manifest);
            }
            return manifests;
        } finally {
            builder.close();
        }
    }

    /** Writes every column. */
    private void index(Recording recording, Map<IndexColumn.Table, Path> directories) throws IOException {
        try (EventReader events = recording.newEventReader();
             IndexProgress progress = new IndexProgress(recording);
             DecodingThread decoded = new DecodingThread(recording, events, directories.keySet())) {
            for (RowChunk chunk; (chunk = decoded.next()) != null; ) {
                write(chunk);
                progress.eventsRead(chunk.eventsRead);
                decoded.recycle(chunk);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while indexing " + recording.directory());
        }
    }

    private void write(RowChunk chunk) throws IOException {
        for (int column = 0; column < chunk.columns.size(); column++) {
            writers.get(chunk.columns.get(column)).write(chunk.values[column], chunk.rows);
        }
        rows.merge(chunk.table, (long) chunk.rows, Long::sum);
    }

    /** Closes every column file; gives each one's CRC32C (none when closed already). */
    private Map<IndexColumn, Long> close() throws IOException {
        IOException failure = null;
        Map<IndexColumn, Long> checksums = new EnumMap<>(IndexColumn.class);
        for (Map.Entry<IndexColumn, ColumnWriter> writer : writers.entrySet()) {
            try {
                writer.getValue().close();
                checksums.put(writer.getKey(), writer.getValue().checksum());
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        writers.clear();
        if (failure != null) {
            throw failure;
        }
        return checksums;
    }
}
