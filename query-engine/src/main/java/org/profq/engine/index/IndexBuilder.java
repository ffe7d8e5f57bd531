package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.profq.recording.EventReader;
import org.profq.recording.Recording;

/**
 * Builds the index of a recording in one streaming pass over its events: every column file of
 * {@link IndexColumn}, then the manifest (with each file's CRC32C), written last. It writes
 * into the directory it is given; {@link RecordingIndex} gives it a fresh temporary one and
 * renames it into place.
 */
final class IndexBuilder {
    private final Map<IndexColumn, ColumnWriter> writers = new EnumMap<>(IndexColumn.class);
    /** Rows written, per table. */
    private final Map<Table, Long> rows = new EnumMap<>(Table.class);

    private IndexBuilder(Path directory) throws IOException {
        for (IndexColumn column : IndexColumn.ALL) {
            writers.put(column, new ColumnWriter(directory.resolve(column.fileName())));
        }
        for (Table table : Table.values()) {
            rows.put(table, 0L);
        }
    }

    /** Writes the index of {@code recording} into the empty directory {@code directory}. */
    static IndexManifest build(Recording recording, Path directory) throws IOException {
        IndexBuilder builder = new IndexBuilder(directory);
        try {
            builder.index(recording);
            Map<IndexColumn, Long> checksums = builder.close();
            IndexManifest manifest = IndexManifest.of(recording, builder.rows, checksums);
            manifest.write(directory);
            return manifest;
        } finally {
            builder.close();
        }
    }

    /** Writes every column. */
    private void index(Recording recording) throws IOException {
        CallingContexts contexts;
        try (EventReader events = recording.newEventReader();
             IndexProgress progress = new IndexProgress(recording);
             DecodingThread decoded = new DecodingThread(recording, events)) {
            for (RowChunk chunk; (chunk = decoded.next()) != null; ) {
                write(chunk);
                progress.eventsRead(chunk.eventsRead);
                decoded.recycle(chunk);
            }
            contexts = decoded.contexts();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while indexing " + recording.directory());
        }
        for (int context = 1; context <= contexts.count(); context++) {
            writers.get(CONTEXT_PARENT).writeInt(contexts.parent(context));
            writers.get(CONTEXT_METHOD_ID).writeInt(contexts.method(context));
        }
        rows.put(Table.CONTEXTS, (long) contexts.count());
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
