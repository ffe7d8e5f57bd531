package org.profq.recording;

import static org.profq.format.RecordingFormat.DOC_BATCH;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.NoSuchElementException;

import org.profq.format.ByteCursor;

/**
 * Reads a recording's events one at a time, in log order (each thread's in order), with call
 * nesting rebuilt: the pull-style counterpart of {@link Recording#forEachEvent}, for
 * consumers such as query engines that ask for the next row. Holds one batch's events at a
 * time. Not thread-safe; close it when done.
 *
 * <pre>{@code
 * try (EventReader events = recording.newEventReader()) {
 *     while (events.hasNext()) { RecordedEvent event = events.next(); ... }
 * }
 * }</pre>
 */
public final class EventReader implements AutoCloseable {
    private final DocumentSource source;
    private final EventDecoder decoder;
    private final long documentLimit;
    private final long endNanos;
    private final ArrayDeque<RecordedEvent> pending = new ArrayDeque<>();
    private final EventVisitor records = new RecordBuilder(pending);
    private long documentsRead;

    EventReader(Recording recording, Dictionaries dictionaries, long documentLimit) {
        this.endNanos = recording.durationNanos();
        this.source = new DocumentSource(recording.directory());
        this.decoder = new EventDecoder(dictionaries);
        this.documentLimit = documentLimit;
    }

    /** A reader that goes on from {@code checkpoint}, taken by a reader of the same recording at an earlier extent. */
    EventReader(Recording recording, Dictionaries dictionaries, long documentLimit, ReaderCheckpoint checkpoint) {
        this(recording, dictionaries, documentLimit);
        try {
            if (checkpoint.documentsRead > documentLimit) {
                throw new RecordingException(recording.directory() + " holds " + documentLimit
                        + " documents, fewer than the checkpoint's " + checkpoint.documentsRead);
            }
            source.resumeAt(checkpoint.fileName, checkpoint.position);
            decoder.restoreState(new DataInputStream(new ByteArrayInputStream(checkpoint.decoderState)));
            documentsRead = checkpoint.documentsRead;
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e instanceof RecordingException known ? known
                    : new RecordingException("cannot go on from a reader checkpoint of " + recording.directory() + ": " + e, e);
        }
    }

    /**
     * Where this reader is: after the last batch it read (after the last document it may read,
     * once it has read them all). A reader of the grown recording can go on from there.
     */
    public ReaderCheckpoint checkpoint() {
        if (!pending.isEmpty()) {
            throw new IllegalStateException("events taken with next() are pending");
        }
        return new ReaderCheckpoint(source.positionFile(), source.positionOffset(), documentsRead, decoder.saveState());
    }

    /** True if another event follows; reads the next batch when the current one is used up. */
    public boolean hasNext() {
        while (pending.isEmpty() && decodeNextBatch(records)) {
            // a batch of exits whose entries were lost gives no events: read on
        }
        return !pending.isEmpty();
    }

    /**
     * Decodes the next batch of events straight into {@code visitor}, with no object per event:
     * the fast way through a large recording. False, visiting nothing, at the end. Events come
     * in the same order as from {@link #next}; do not mix the two ways on one reader.
     */
    public boolean visitNextBatch(EventVisitor visitor) {
        if (!pending.isEmpty()) {
            throw new IllegalStateException("events taken with next() are pending; read them with next()");
        }
        return decodeNextBatch(visitor);
    }

    private boolean decodeNextBatch(EventVisitor visitor) {
        while (documentsRead < documentLimit && source.next()) {
            documentsRead++;
            if (source.bytes()[0] == DOC_BATCH) {
                try {
                    decoder.decodeBatch(source.bytes(), source.length(), visitor);
                } catch (ByteCursor.MalformedRecordException e) {
                    throw new RecordingException(source.fileName() + " is damaged at document " + (documentsRead - 1)
                            + ": " + e.getMessage(), e);
                }
                return true;
            }
        }
        return false;
    }

    /**
     * Reads every event left, handing them to no one: for {@link #eventCounts()} and
     * {@link #checkpoint()} at the end, without an object per event.
     */
    public void skipRest() {
        if (!pending.isEmpty()) {
            throw new IllegalStateException("events taken with next() are pending; read them with next()");
        }
        while (decodeNextBatch(IGNORED)) {
            // each batch is decoded, its events counted
        }
    }

    /** A visitor that takes every event and keeps nothing. */
    private static final EventVisitor IGNORED = new IgnoringEventVisitor() {
    };

    /** The events read so far (visited, or decoded for {@link #next}): how far through the log a reader is. */
    public long eventsRead() {
        return decoder.eventsDecoded();
    }

    /**
     * The events read so far, by kind, counted from the log's start: those of the checkpoint this
     * reader went on from, if any, and those it read since.
     */
    public EventCounts eventCounts() {
        return decoder.eventCounts();
    }

    public RecordedEvent next() {
        if (!hasNext()) {
            throw new NoSuchElementException("no more events");
        }
        return pending.poll();
    }

    /**
     * The calls still open after the events read so far (after the last one: the calls the
     * recording ended in, e.g. at {@code System.exit}), innermost first within each thread,
     * unfinished and ending at the recording's end.
     */
    public List<Call> openCalls() {
        return decoder.openCalls(endNanos);
    }

    @Override
    public void close() {
        source.close();
    }
}
