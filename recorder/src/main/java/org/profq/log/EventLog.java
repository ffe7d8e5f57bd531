package org.profq.log;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.wire.DocumentContext;
import org.profq.event.RecordingFormat;

/**
 * The Chronicle writer: appends whole documents (header, dictionary entries, batches, loss
 * records) to the recording's {@code events/} queue.
 *
 * <p>One appender, guarded by this object's monitor. Threads take it once per batch (tens of
 * kilobytes) or per dictionary entry, never per event. A failed write turns the log off for
 * good; callers count what they could not write.
 *
 * <p>The queue is a memory-mapped file, and writing into it on a full disk faults instead of
 * failing cleanly. So the log keeps a reserve: it looks at the free space every
 * {@link #SPACE_CHECK_INTERVAL} bytes, and once less than {@link #RESERVE_BYTES} is left it
 * takes no more batches, only small records (loss, warning, end), and tells its listener.
 */
public final class EventLog implements AutoCloseable {
    /** Chronicle grows a cycle file in blocks of this size; small keeps tiny recordings small. */
    private static final long BLOCK_SIZE = 4L << 20;
    static final long RESERVE_BYTES = 1L << 20;
    static final long SPACE_CHECK_INTERVAL = 256L << 10;
    /** Documents up to this size are still written when the disk is nearly full. */
    private static final int SMALL_RECORD = 4096;

    private enum State { OPEN, DISK_FULL, FAILED, CLOSED }

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private final FileStore store;
    private final Path directory;
    private State state = State.OPEN;
    private long bytesWritten;
    private long bytesAtSpaceCheck;
    private Throwable failure;
    private Runnable onDiskFull = () -> { };

    private EventLog(ChronicleQueue queue, FileStore store, Path directory) {
        this.queue = queue;
        this.store = store;
        this.directory = directory;
        this.appender = queue.createAppender();
        // Every write happens under this object's monitor, from whichever thread flushes.
        appender.singleThreadedCheckDisabled(true);
    }

    /** Creates {@code <recording>/events/}; refuses a disk with less than twice the reserve free. */
    public static EventLog create(Path recordingDirectory) throws IOException {
        Path events = RecordingLayout.eventsDirectory(recordingDirectory);
        Files.createDirectories(events);
        FileStore store = Files.getFileStore(events);
        if (store.getUsableSpace() < 2 * RESERVE_BYTES) {
            throw new IOException("only " + store.getUsableSpace() + " bytes are free on its disk");
        }
        ChronicleQueue queue = ChronicleQueue.singleBuilder(events)
                .rollCycle(RollCycles.WEEKLY)
                .blockSize(BLOCK_SIZE)
                .build();
        return new EventLog(queue, store, events);
    }

    /** Runs once, on the writing thread, when the log stops taking batches because the disk is nearly full. */
    public synchronized void onDiskFull(Runnable listener) {
        this.onDiskFull = listener;
    }

    /** Appends one document; false if the log would not take it (the caller counts the loss). */
    public synchronized boolean write(byte[] bytes, int offset, int length) {
        return write(null, 0, bytes, offset, length);
    }

    /**
     * Appends {@code prefix[0, prefixLength)} then {@code body[offset, offset+length)} as one
     * document: a batch header and its events without copying the events first.
     */
    public synchronized boolean write(byte[] prefix, int prefixLength, byte[] body, int offset, int length) {
        int size = prefixLength + length;
        if (!accepts(size)) {
            return false;
        }
        try (DocumentContext document = appender.writingDocument()) {
            Bytes<?> out = document.wire().bytes();
            if (prefix != null) {
                out.write(prefix, 0, prefixLength);
            }
            out.write(body, offset, length);
        } catch (Throwable t) {
            state = State.FAILED;
            failure = t;
            return false;
        }
        bytesWritten += size;
        return true;
    }

    private boolean accepts(int size) {
        if (state == State.OPEN && bytesWritten - bytesAtSpaceCheck >= SPACE_CHECK_INTERVAL) {
            bytesAtSpaceCheck = bytesWritten;
            if (usableSpace() < RESERVE_BYTES) {
                state = State.DISK_FULL;
                onDiskFull.run();
            }
        }
        return state == State.OPEN || (state == State.DISK_FULL && size <= SMALL_RECORD);
    }

    private long usableSpace() {
        try {
            return store.getUsableSpace();
        } catch (IOException e) {
            return 0;
        }
    }

    public synchronized boolean isWritable() {
        return state == State.OPEN;
    }

    /** Why events are being lost now: a {@code RecordingFormat.LOSS_*} cause. */
    public synchronized int lossCause() {
        return state == State.DISK_FULL ? RecordingFormat.LOSS_DISK_FULL : RecordingFormat.LOSS_WRITE_FAILED;
    }

    /** Why the log stopped accepting writes, or null. */
    public synchronized Throwable failure() {
        return failure;
    }

    /** The queue directory, for messages. */
    public Path directory() {
        return directory;
    }

    /** Bytes of documents appended so far (Chronicle's own framing not included). */
    public synchronized long bytesWritten() {
        return bytesWritten;
    }

    @Override
    public synchronized void close() {
        state = State.CLOSED;
        try {
            appender.close();
        } finally {
            queue.close();
        }
    }
}
