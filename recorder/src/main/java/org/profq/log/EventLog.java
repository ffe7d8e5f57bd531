package org.profq.log;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The Chronicle writer: appends whole documents (header, dictionary entries, batches, loss
 * records) to the recording's {@code events/} queue.
 *
 * <p>One appender, guarded by this object's monitor. Threads take it once per batch (tens of
 * kilobytes) or per dictionary entry, never per event. A failed write (disk full, queue
 * closed) turns the log off for good; callers count what they could not write.
 */
public final class EventLog implements AutoCloseable {
    /** Chronicle grows a cycle file in blocks of this size; small keeps tiny recordings small. */
    private static final long BLOCK_SIZE = 4L << 20;

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private boolean writable = true;
    private long bytesWritten;
    private Throwable failure;

    private EventLog(ChronicleQueue queue) {
        this.queue = queue;
        this.appender = queue.createAppender();
        // Every write happens under this object's monitor, from whichever thread flushes.
        appender.singleThreadedCheckDisabled(true);
    }

    /** Creates {@code <recording>/events/}; the directory must not hold a queue already. */
    public static EventLog create(Path recordingDirectory) throws IOException {
        Path events = RecordingLayout.eventsDirectory(recordingDirectory);
        Files.createDirectories(events);
        ChronicleQueue queue = ChronicleQueue.singleBuilder(events)
                .rollCycle(RollCycles.WEEKLY)
                .blockSize(BLOCK_SIZE)
                .build();
        return new EventLog(queue);
    }

    /** Appends one document; false if the log is closed or failed (the caller counts the loss). */
    public synchronized boolean write(byte[] bytes, int offset, int length) {
        return write(null, 0, bytes, offset, length);
    }

    /**
     * Appends {@code prefix[0, prefixLength)} then {@code body[offset, offset+length)} as one
     * document: a batch header and its events without copying the events first.
     */
    public synchronized boolean write(byte[] prefix, int prefixLength, byte[] body, int offset, int length) {
        if (!writable) {
            return false;
        }
        try (DocumentContext document = appender.writingDocument()) {
            Bytes<?> out = document.wire().bytes();
            if (prefix != null) {
                out.write(prefix, 0, prefixLength);
            }
            out.write(body, offset, length);
        } catch (Throwable t) {
            writable = false;
            failure = t;
            return false;
        }
        bytesWritten += prefixLength + length;
        return true;
    }

    public synchronized boolean isWritable() {
        return writable;
    }

    /** Why the log stopped accepting writes, or null. */
    public synchronized Throwable failure() {
        return failure;
    }

    /** Bytes of documents appended so far (Chronicle's own framing not included). */
    public synchronized long bytesWritten() {
        return bytesWritten;
    }

    @Override
    public synchronized void close() {
        writable = false;
        try {
            appender.close();
        } finally {
            queue.close();
        }
    }
}
