package org.profq.log;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.function.Consumer;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.wire.DocumentContext;
import org.profq.format.DocumentChecksums;
import org.profq.format.RecordingFormat;
import org.profq.format.RecordingLayout;

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
 * takes no more batches, only small records (loss, warning, end) while {@link #LAST_ROOM_BYTES}
 * are left, and tells its listener.
 *
 * <p>The listener hears once, of the first reason only: a disk that fills up past the reserve
 * (the program's own output, say) first stops the batches, then faults a small record, and that
 * second stop is the same event to the user. It is told after the log's monitor is released,
 * as it writes a warning through the dictionary, whose lock is taken before the log's elsewhere.
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
    /** Once the disk is nearly full, small records are written only while this much is still free. */
    static final long LAST_ROOM_BYTES = 64L << 10;

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
    /** Whether a document is being appended (on the thread holding the monitor). */
    private boolean appending;
    private final ArrayDeque<Deferred> deferred = new ArrayDeque<>();
    private long bytesWritten;
    private long bytesAtSpaceCheck;
    private Throwable failure;
    private Consumer<String> onStopped = reason -> { };
    /** Why the log stopped, until the listener has been told; then null for good. */
    private String stopToAnnounce;
    /** Set by the first stop: later ones (a fault after the disk filled up) are not told. */
    private boolean stopNoted;

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
     * full (small records still go in), or a write failed (nothing more goes in), whichever
     * came first.
     */
    public synchronized void onStopped(Consumer<String> listener) {
        this.onStopped = listener;
    }

    /**
     * Appends one document (not a batch) and its CRC32C; false if the log would not take it
     * (the caller counts the loss).
     */
    public boolean write(byte[] bytes, int offset, int length) {
        boolean written;
        synchronized (this) {
            written = appendRecord(bytes, offset, length);
        }
        announceStop();
        return written;
    }

    /** A document that is not a batch, with its CRC32C, into {@code names/} (or the one queue); called holding the monitor. */
    private boolean appendRecord(byte[] bytes, int offset, int length) {
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
    public boolean writeBatch(byte[] prefix, int prefixLength, byte[] body, int offset, int length,
                              int threadId, int eventCount, long lastNanos) {
        boolean written;
        synchronized (this) {
            written = append(appender, prefix, prefixLength, body, offset, length, null);
            if (written && window != null) {
                window.added(threadId, eventCount, lastNanos, prefixLength + length, drops);
            }
        }
        announceStop();
        return written;
    }

    /** A window segment was deleted (under the monitor): its events are counted lost, and the window's start moves on. */
    private void windowDropped(long[] eventsByThread, long windowStartNanos, long eventsDropped) {
        for (int threadId = 0; threadId < eventsByThread.length; threadId++) {
            if (eventsByThread[threadId] > 0) {
                windowRecord.start(RecordingFormat.DOC_LOSS).putVarint(threadId).putVarint(RecordingFormat.LOSS_WINDOW)
                        .putVarint(eventsByThread[threadId]);
                appendRecord(windowRecord.bytes(), 0, windowRecord.length());
            }
        }
        windowRecord.start(RecordingFormat.DOC_WINDOW).putVarint(windowStartNanos).putVarint(eventsDropped);
        appendRecord(windowRecord.bytes(), 0, windowRecord.length());
        queue.refreshDirectoryListing(); // readers opened from now on start at the oldest segment kept
    }

    /**
     * {@code prefix}, {@code body} and {@code suffix} (each but the body may be null) as one document.
     * A document given while one is being appended, on this thread (the monitor is re-entrant):
     * another agent's code run inside Chronicle's can run woven code, which can name a method or
     * flush. It is appended once the current one is, in order, rather than inside it.
     */
    private boolean append(ExcerptAppender to, byte[] prefix, int prefixLength, byte[] body, int offset, int length,
                           byte[] suffix) {
        int size = prefixLength + length + (suffix == null ? 0 : suffix.length);
        if (appending) {
            byte[] whole = new byte[size];
            if (prefix != null) {
                System.arraycopy(prefix, 0, whole, 0, prefixLength);
            }
            System.arraycopy(body, offset, whole, prefixLength, length);
            if (suffix != null) {
                System.arraycopy(suffix, 0, whole, prefixLength + length, suffix.length);
            }
            deferred.add(new Deferred(to, whole));
            return true;
        }
        if (!accepts(size)) {
            return false;
        }
        boolean written = appendNow(to, prefix, prefixLength, body, offset, length, suffix, size);
        for (Deferred next = deferred.poll(); next != null; next = deferred.poll()) {
            if (accepts(next.bytes.length)) {
                appendNow(next.to, null, 0, next.bytes, 0, next.bytes.length, null, next.bytes.length);
            }
        }
        return written;
    }

    /** A document given during another's append, and where it goes. */
    private static final class Deferred {
        final ExcerptAppender to;
        final byte[] bytes;

        Deferred(ExcerptAppender to, byte[] bytes) {
            this.to = to;
            this.bytes = bytes;
        }
    }

    private boolean appendNow(ExcerptAppender to, byte[] prefix, int prefixLength, byte[] body, int offset, int length,
                              byte[] suffix, int size) {
        appending = true;
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
            stopped(cannotWrite(t));
            return false;
        } finally {
            appending = false;
        }
        bytesWritten += size;
        return true;
    }

    private boolean accepts(int size) {
        if (state == State.OPEN && bytesWritten - bytesAtSpaceCheck >= SPACE_CHECK_INTERVAL) {
            bytesAtSpaceCheck = bytesWritten;
            if (usableSpace() < RESERVE_BYTES) {
                state = State.DISK_FULL;
                stopped("the disk holding " + directory + " is almost full: recording stopped;"
                        + " the program runs on, and its events from now on are counted as lost");
            }
        }
        if (state == State.OPEN) {
            return true;
        }
        // Something else (the program's own output) can use up the reserve. A record written into
        // a page of the mapped file that the disk cannot back faults only after it was committed,
        // leaving a damaged document: so the room for each small record is looked at first.
        return state == State.DISK_FULL && size <= SMALL_RECORD && usableSpace() >= LAST_ROOM_BYTES;
    }

    /** Notes the first reason the log stopped, for {@link #announceStop} to tell once the monitor is released. */
    private void stopped(String reason) {
        if (!stopNoted) {
            stopNoted = true;
            stopToAnnounce = reason;
        }
    }

    private void announceStop() {
        String reason;
        Consumer<String> listener;
        synchronized (this) {
            if (stopToAnnounce == null) {
                return;
            }
            reason = stopToAnnounce;
            stopToAnnounce = null;
            listener = onStopped;
        }
        listener.accept(reason);
    }

    /**
     * Whether {@code error} is the JVM's report that a write into a mapped file faulted (its
     * disk is full). From compiled code it is raised at the writing thread's next entry into
     * the VM, which can be after the write returned, outside the catch that turns the log off:
     * whoever catches it hands it to {@link #faultedEarlier}.
     */
    public static boolean isMappedWriteFault(Throwable error) {
        return error instanceof InternalError && error.getMessage() != null
                && error.getMessage().contains("fault occurred in a recent unsafe memory access");
    }

    /** A write that seemed to succeed had faulted ({@link #isMappedWriteFault}): the log takes nothing more. */
    public void faultedEarlier(Throwable fault) {
        synchronized (this) {
            if (state == State.OPEN || state == State.DISK_FULL) {
                state = State.FAILED;
                failure = fault;
                stopped(cannotWrite(fault));
            }
        }
        announceStop();
    }

    private String cannotWrite(Throwable cause) {
        return "cannot write to " + directory + " any more (" + cause + "): recording stopped, and this"
                + " recording will have no end record; the program runs on";
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

    /**
     * Takes no more documents, then closes the queues outside the monitor: closing loads classes,
     * and a thread loading a class can be running woven code (another agent's class-file
     * transformer) that waits for this monitor to write.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (state == State.CLOSED) {
                return;
            }
            state = State.CLOSED;
        }
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
