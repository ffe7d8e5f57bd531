package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

import org.profq.recording.EventReader;
import org.profq.recording.RecordedEvent;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.Recording;

/**
 * Builds the index of a recording in one streaming pass over its events: every column file of
 * {@link IndexColumn}, then the manifest (with each file's CRC32C), written last. It writes
 * into the directory it is given; {@link RecordingIndex} gives it a fresh temporary one and
 * renames it into place.
 */
final class IndexBuilder implements CallIndexer.Sink {
    private final Map<IndexColumn, ColumnWriter> writers = new EnumMap<>(IndexColumn.class);
    private long calls;
    private long allocations;
    private long deaths;
    private long exceptions;
    private long uses;

    private IndexBuilder(Path directory) throws IOException {
        for (IndexColumn column : IndexColumn.ALL) {
            writers.put(column, new ColumnWriter(directory.resolve(column.fileName())));
        }
    }

    /** Writes the index of {@code recording} into the empty directory {@code directory}. */
    static IndexManifest build(Recording recording, Path directory) throws IOException {
        IndexBuilder builder = new IndexBuilder(directory);
        try {
            int contexts = builder.index(recording);
            Map<IndexColumn, Long> checksums = builder.close();
            IndexManifest manifest = IndexManifest.of(recording, builder.calls, builder.allocations, builder.deaths,
                    builder.exceptions, builder.uses, contexts, checksums);
            manifest.write(directory);
            return manifest;
        } finally {
            builder.close();
        }
    }

    /** Writes every column; gives the number of calling contexts. */
    private int index(Recording recording) throws IOException {
        CallIndexer callIndexer = new CallIndexer(this);
        try (EventReader events = recording.newEventReader();
             IndexProgress progress = new IndexProgress(recording);
             DecodingThread decoded = new DecodingThread(events)) {
            long read = 0;
            for (RecordedEvent[] chunk; (chunk = decoded.next()) != null; ) {
                for (RecordedEvent event : chunk) {
                    if (event instanceof Allocation allocation) {
                        allocation(allocation);
                    } else if (event instanceof RecordedEvent.Death death) {
                        death(death);
                    } else if (event instanceof RecordedEvent.Thrown thrown) {
                        exception(thrown);
                    } else if (event instanceof RecordedEvent.Use use) {
                        use(use);
                    } else {
                        callIndexer.accept(event);
                    }
                }
                read += chunk.length;
                progress.eventsRead(read);
            }
            callIndexer.finish(recording.durationNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while indexing " + recording.directory());
        }
        CallingContexts contexts = callIndexer.contexts();
        for (int context = 1; context <= contexts.count(); context++) {
            writers.get(CONTEXT_PARENT).writeInt(contexts.parent(context));
            writers.get(CONTEXT_METHOD_ID).writeInt(contexts.method(context));
        }
        return contexts.count();
    }

    @Override
    public void call(long callId, int threadId, int methodId, long parentCallId, int depth, long startNanos, long endNanos,
                     long selfNanos, boolean threw, boolean finished, boolean outermost, int context) throws IOException {
        writers.get(CALL_ID).writeLong(callId);
        writers.get(CALL_THREAD_ID).writeInt(threadId);
        writers.get(CALL_METHOD_ID).writeInt(methodId);
        writers.get(CALL_PARENT_CALL_ID).writeLong(parentCallId);
        writers.get(CALL_DEPTH).writeInt(depth);
        writers.get(CALL_START_NS).writeLong(startNanos);
        writers.get(CALL_END_NS).writeLong(endNanos);
        writers.get(CALL_SELF_NS).writeLong(selfNanos);
        writers.get(CALL_FLAGS).writeByte((byte) ((threw ? THREW : 0) | (finished ? FINISHED : 0) | (outermost ? OUTERMOST : 0)));
        writers.get(CALL_CONTEXT).writeInt(context);
        calls++;
    }

    private void allocation(Allocation allocation) throws IOException {
        writers.get(ALLOCATION_OBJECT_ID).writeLong(allocation.objectId());
        writers.get(ALLOCATION_SITE_ID).writeInt(allocation.siteId());
        writers.get(ALLOCATION_CLASS_ID).writeInt(allocation.classId());
        writers.get(ALLOCATION_THREAD_ID).writeInt(allocation.threadId());
        writers.get(ALLOCATION_CALL_ID).writeLong(allocation.callId());
        writers.get(ALLOCATION_ALLOC_NS).writeLong(allocation.timeNanos());
        writers.get(ALLOCATION_SIZE_BYTES).writeLong(allocation.sizeBytes());
        writers.get(ALLOCATION_ARRAY_LENGTH).writeInt(allocation.arrayLength());
        writers.get(ALLOCATION_TRACKED).writeByte((byte) (allocation.tracked() ? 1 : 0));
        allocations++;
    }

    private void death(RecordedEvent.Death death) throws IOException {
        writers.get(DEATH_OBJECT_ID).writeLong(death.objectId());
        writers.get(DEATH_NS).writeLong(death.timeNanos());
        writers.get(DEATH_AT_EXIT).writeByte((byte) (death.atExit() ? 1 : 0));
        deaths++;
    }

    private void exception(RecordedEvent.Thrown thrown) throws IOException {
        writers.get(EXCEPTION_THREAD_ID).writeInt(thrown.threadId());
        writers.get(EXCEPTION_CALL_ID).writeLong(thrown.callId());
        writers.get(EXCEPTION_CLASS_ID).writeInt(thrown.classId());
        writers.get(EXCEPTION_LINE).writeInt(thrown.line());
        writers.get(EXCEPTION_THROW_NS).writeLong(thrown.timeNanos());
        exceptions++;
    }

    private void use(RecordedEvent.Use use) throws IOException {
        writers.get(USE_OBJECT_ID).writeLong(use.objectId());
        writers.get(USE_THREAD_ID).writeInt(use.threadId());
        writers.get(USE_CALL_ID).writeLong(use.callId());
        writers.get(USE_NS).writeLong(use.timeNanos());
        writers.get(USE_KIND).writeByte((byte) use.kind().ordinal());
        writers.get(USE_MEMBER_ID).writeInt(use.memberId());
        uses++;
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
