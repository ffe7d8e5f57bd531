package org.profq.log;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.wire.DocumentContext;
import org.profq.event.DocumentChecksums;
import org.profq.event.DocumentWriter;
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
 *
 * <p>With a window ({@link WindowLimits}) the log is two queues: batches go to {@code events/},
 * cut into segments of which {@link EventWindow} deletes the oldest, and everything else (header,
 * names, losses, warnings, the end) to {@code names/}, which is never cut. Each deleted segment
 * is said in {@code names/}: a {@code LOSS_WINDOW} loss record per thread, and a
 * {@code DOC_WINDOW} record with the window's start and the events dropped so far.
 */
public final class EventLog implements AutoCloseable {
    /** Chronicle grows a cycle file in blocks of this size; small keeps tiny recordings small. */
    private static final long BLOCK_SIZE = 4L << 20;
    static final long RESERVE_BYTES = 1L << 20;
    static final long SPACE_CHECK_INTERVAL = 256L << 10;
    /**
     * The block of a window's {@code names/} queue: small, as the queue counts towards the
     * window's size, yet with room for documents of up to 64 KiB (Chronicle's overlap).
     */
    private static final long NAMES_BLOCK_SIZE = 256L << 10;
    /** Documents up to this size are still written when the disk is nearly full. */
    private static final int SMALL_RECORD = 4096;

    private enum State { OPEN, DISK_FULL, FAILED, CLOSED }

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    /** Where documents other than batches go: {@link #appender} without a window. */
    private final ChronicleQueue namesQueue;
    private final ExcerptAppender namesAppender;
    private final EventWindow window;
    private final EventWindow.Drops drops = this::windowDropped;
    private final DocumentWriter windowRecord = new DocumentWriter();
    private final FileStore store;
    private final Path directory;
    private final DocumentChecksums checksums = new DocumentChecksums();
    private final byte[] trailer = new byte[RecordingFormat.CHECKSUM_BYTES];
    private State state = State.OPEN;
    private long bytesWritten;
    private long bytesAtSpaceCheck;
    private Throwable failure;
    private Consumer<String> onStopped = reason -> { };

    private EventLog(ChronicleQueue queue, ChronicleQueue namesQueue, EventWindow window, FileStore store, Path directory) {
        this.queue = queue;
        this.store = store;
        this.directory = directory;
        this.window = window;
        this.appender = queue.createAppender();
        // Every write happens under this object's monitor, from whichever thread flushes.
        appender.singleThreadedCheckDisabled(true);
        this.namesQueue = namesQueue;
        if (namesQueue == null) {
            namesAppender = appender;
        } else {
            namesAppender = namesQueue.createAppender();
            namesAppender.singleThreadedCheckDisabled(true);
        }
    }

    /** Creates {@code <recording>/events/}, keeping every event; refuses a disk with less than twice the reserve free. */
    public static EventLog create(Path recordingDirectory) throws IOException {
        return create(recordingDirectory, WindowLimits.NONE);
    }

    /**
     * Creates {@code <recording>/events/}, and with a window {@code names/} as well; refuses a
     * disk with less than twice the reserve free.
     */
    public static EventLog create(Path recordingDirectory, WindowLimits limits) throws IOException {
        // Absolute: Chronicle canonicalises the path whenever it grows the file, and resolving a
        // relative one reads user.dir, which a SecurityManager the program installs may forbid.
        Path events = RecordingLayout.eventsDirectory(recordingDirectory).toAbsolutePath();
        Files.createDirectories(events);
        FileStore store = Files.getFileStore(events);
        if (store.getUsableSpace() < 2 * RESERVE_BYTES) {
            throw new IOException("only " + store.getUsableSpace() + " bytes are free on its disk");
        }
        if (!limits.isSet()) {
            ChronicleQueue queue = ChronicleQueue.singleBuilder(events)
                    .rollCycle(RollCycles.WEEKLY)
                    .blockSize(BLOCK_SIZE)
                    .build();
            return new EventLog(queue, null, null, store, events);
        }
        Path names = RecordingLayout.namesDirectory(recordingDirectory).toAbsolutePath();
        Files.createDirectories(names);
        EventWindow window = new EventWindow(limits, events, names);
        ChronicleQueue queue = ChronicleQueue.singleBuilder(events)
                .rollCycle(EventWindow.ROLL_CYCLE)
                .timeProvider(window.clock())
                .blockSize(EventWindow.BLOCK_SIZE)
                .build();
        ChronicleQueue namesQueue;
        try {
            namesQueue = ChronicleQueue.singleBuilder(names)
                    .rollCycle(RollCycles.WEEKLY)
                    .blockSize(NAMES_BLOCK_SIZE)
                    .build();
        } catch (RuntimeException e) {
            queue.close();
            throw e;
        }
        return new EventLog(queue, namesQueue, window, store, events);
    }

    /**
     * Told once, on the writing thread, why the log stopped taking batches: the disk is nearly
     * full (small records still go in), or a write failed (nothing more goes in).
     */
    public synchronized void onStopped(Consumer<String> listener) {
        this.onStopped = listener;
    }

    /**
     * Appends one document (not a batch) and its CRC32C; false if the log would not take it
     * (the caller counts the loss).
     */
    public synchronized boolean write(byte[] bytes, int offset, int length) {
        int checksum = checksums.trailer(bytes, offset, length);
        for (int i = 0; i < RecordingFormat.CHECKSUM_BYTES; i++) {
            trailer[i] = (byte) (checksum >>> (8 * i));
        }
        return append(namesAppender, null, 0, bytes, offset, length, trailer);
    }

    /**
     * Appends one batch of {@code eventCount} events of thread {@code threadId}, the last at
     * {@code lastNanos}: {@code prefix[0, prefixLength)} then {@code body[offset, offset+length)}
     * as one document, a batch header (which holds the batch's checksum) and its events without
     * copying the events first. False if the log would not take it (the caller counts the loss).
     */
    public synchronized boolean writeBatch(byte[] prefix, int prefixLength, byte[] body, int offset, int length,
                                           int threadId, int eventCount, long lastNanos) {
        if (!append(appender, prefix, prefixLength, body, offset, length, null)) {
            return false;
        }
        if (window != null) {
            window.added(threadId, eventCount, lastNanos, prefixLength + length, drops);
        }
        return true;
    }

    /** A window segment was deleted: its events are counted lost, and the window's start moves on. */
    private void windowDropped(long[] eventsByThread, long windowStartNanos, long eventsDropped) {
        for (int threadId = 0; threadId < eventsByThread.length; threadId++) {
            if (eventsByThread[threadId] > 0) {
                windowRecord.start(RecordingFormat.DOC_LOSS).putVarint(threadId).putVarint(RecordingFormat.LOSS_WINDOW)
                        .putVarint(eventsByThread[threadId]);
                write(windowRecord.bytes(), 0, windowRecord.length());
            }
        }
        windowRecord.start(RecordingFormat.DOC_WINDOW).putVarint(windowStartNanos).putVarint(eventsDropped);
        write(windowRecord.bytes(), 0, windowRecord.length());
        queue.refreshDirectoryListing(); // readers opened from now on start at the oldest segment kept
    }

    /** {@code prefix}, {@code body} and {@code suffix} (each but the body may be null) as one document. */
    private boolean append(ExcerptAppender to, byte[] prefix, int prefixLength, byte[] body, int offset, int length,
                           byte[] suffix) {
        int size = prefixLength + length + (suffix == null ? 0 : suffix.length);
        if (!accepts(size)) {
            return false;
        }
        try (DocumentContext document = to.writingDocument()) {
            Bytes<?> out = document.wire().bytes();
            if (prefix != null) {
                out.write(prefix, 0, prefixLength);
            }
            out.write(body, offset, length);
            if (suffix != null) {
                out.write(suffix);
            }
        } catch (Throwable t) {
            state = State.FAILED;
            failure = t;
            onStopped.accept("cannot write to " + directory + " any more (" + t + "): recording stopped, and this"
                    + " recording will have no end record; the program runs on");
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
                onStopped.accept("the disk holding " + directory + " is almost full: recording stopped;"
                        + " the program runs on, and its events from now on are counted as lost");
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

    /** Whether the log keeps a window (writes {@code names/} beside {@code events/}). */
    public boolean hasWindow() {
        return window != null;
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
            if (namesQueue != null) {
                namesAppender.close();
                namesQueue.close();
            }
        }
    }
}
