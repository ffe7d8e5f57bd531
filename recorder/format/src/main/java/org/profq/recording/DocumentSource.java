package org.profq.recording;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.profq.format.ChronicleSettings;
import org.profq.format.RecordingLayout;

/**
 * Walks the documents of one of a recording's queues ({@code events/}, or {@code names/} of a
 * recording with a window) in order, read-only, copying each into a reused array. Only this
 * class knows the log is a Chronicle Queue.
 *
 * <p>It also turns a damaged queue into a {@link RecordingException} naming the file, where
 * Chronicle alone would hang, fail with an unrelated message, fault on memory past the end of a
 * truncated file (an {@link InternalError}), or quietly stop early:
 * <ul>
 *   <li>a queue file of 0 bytes, or too short to hold Chronicle's own header, is refused before
 *       Chronicle opens it;</li>
 *   <li>a document must end inside its file (a truncated file maps zeros past its end);</li>
 *   <li>a document longer than {@link #MAX_DOCUMENT_BYTES} is refused rather than copied;</li>
 *   <li>when the tailer stops before the last document the queue's index knows of (a zeroed
 *       length word), the documents after it are reported unreadable, not silently dropped.</li>
 * </ul>
 */
final class DocumentSource implements AutoCloseable {
    static {
        ChronicleSettings.apply();
    }

    /** More than any document profq writes (batches are 32 KiB, names a few KiB): a longer one is damage. */
    static final int MAX_DOCUMENT_BYTES = 64 << 20;
    /** Chronicle's store header and first index blocks precede the first document. */
    private static final long MIN_QUEUE_FILE_BYTES = 64 << 10;
    /** How long a tailer that stopped short of the queue's last index waits for a writer to finish it. */
    private static final int SETTLE_ATTEMPTS = 20;
    private static final long SETTLE_MILLIS = 25;

    private final Path events;
    private final List<Path> queueFiles;
    private final ChronicleQueue queue;
    private final ExcerptTailer tailer;
    private byte[] document = new byte[64 * 1024];
    private int length;
    private File currentFile;
    private long currentFileLength;

    /** The {@code events/} queue of {@code recording}. */
    DocumentSource(Path recording) {
        this(recording, RecordingLayout.eventsDirectory(recording));
    }

    /** The queue in {@code queueDirectory} of {@code recording}. */
    DocumentSource(Path recording, Path queueDirectory) {
        this.events = queueDirectory;
        if (!Files.isDirectory(events) || queueFiles(events).isEmpty()) {
            throw new RecordingException(recording + " is not a profq recording: it has no " + events.getFileName()
                    + "/ queue; record one with `profq record -- java ...`.");
        }
        this.queueFiles = queueFiles(events);
        for (Path file : queueFiles) {
            long size = size(file);
            if (size < MIN_QUEUE_FILE_BYTES) {
                throw new RecordingException(file + " is truncated: it has " + size
                        + " bytes, too few for a queue file's header (" + MIN_QUEUE_FILE_BYTES + " or more).");
            }
        }
        ChronicleQueue opened = null;
        try {
            opened = ChronicleQueue.singleBuilder(events).readOnly(true).build();
            this.queue = opened;
            this.tailer = queue.createTailer();
            // A JDBC connection may be used from one thread after another; Recording serialises use.
            tailer.singleThreadedCheckDisabled(true);
        } catch (RuntimeException | Error e) {
            if (opened != null) {
                opened.close();
            }
            throw openFailure(e);
        }
    }

    /** Moves to the next document; false at the end of what has been written so far. */
    boolean next() {
        try {
            for (int attempt = 0; ; attempt++) {
                if (readDocument()) {
                    return true;
                }
                if (tailer.index() > queue.lastIndex()) {
                    return false;
                }
                // The queue's index knows of a document the tailer cannot read: a writer still
                // finishing it (a live recording), or a zeroed length word.
                if (attempt == SETTLE_ATTEMPTS) {
                    throw new RecordingException(fileName() + " is damaged: document " + Long.toHexString(tailer.index())
                            + " cannot be read (its length is zero) though the queue holds documents up to "
                            + Long.toHexString(queue.lastIndex()) + "; the recording's events stop there.");
                }
                Thread.sleep(SETTLE_MILLIS);
            }
        } catch (RecordingException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RecordingException("interrupted while reading " + events, e);
        } catch (RuntimeException | Error e) {
            // Chronicle fails on corrupt files with exceptions and with errors (InternalError on
            // memory past the end of a truncated file, AssertionError, ...).
            throw new RecordingException("cannot read " + fileName() + ": the queue file is damaged or truncated ("
                    + e + ").", e);
        }
    }

    private boolean readDocument() {
        try (DocumentContext context = tailer.readingDocument()) {
            if (!context.isPresent()) {
                return false;
            }
            Bytes<?> bytes = context.wire().bytes();
            long remaining = bytes.readRemaining();
            checkInsideFile(bytes);
            if (remaining > MAX_DOCUMENT_BYTES) {
                throw new RecordingException(fileName() + " is damaged: document " + Long.toHexString(context.index())
                        + " claims " + remaining + " bytes, more than any profq document (" + MAX_DOCUMENT_BYTES + ").");
            }
            length = (int) remaining;
            if (length > document.length) {
                document = Arrays.copyOf(document, Math.max(length, document.length * 2));
            }
            bytes.read(document, 0, length);
            return true;
        }
    }

    /** A truncated file reads as zeros up to its last page: a document must end inside the file. */
    private void checkInsideFile(Bytes<?> bytes) {
        if (!(bytes instanceof MappedBytes mapped)) {
            return;
        }
        File file = mapped.mappedFile().file();
        if (file != currentFile) {
            currentFile = file;
            currentFileLength = file.length();
        }
        if (bytes.readLimit() > currentFileLength) {
            currentFileLength = file.length(); // a live file may have grown
            if (bytes.readLimit() > currentFileLength) {
                throw new RecordingException(file + " is truncated: it has " + currentFileLength
                        + " bytes but a document in it ends at byte " + bytes.readLimit() + ".");
            }
        }
    }

    byte[] bytes() {
        return document;
    }

    int length() {
        return length;
    }

    Path directory() {
        return events;
    }

    @Override
    public void close() {
        tailer.close();
        queue.close();
    }

    private RecordingException openFailure(Throwable e) {
        if (e instanceof LinkageError || e instanceof java.lang.reflect.InaccessibleObjectException) {
            // Chronicle fails with errors, not exceptions, when the JVM lacks the opens it needs.
            return new RecordingException("cannot open the event queue " + events + " (" + e
                    + "); a JVM that reads recordings needs the flags of profq.reader.jvm.args (the profq launcher passes them).", e);
        }
        return new RecordingException("cannot open the event queue " + events
                + ": a queue file is damaged or truncated (" + e + ").", e);
    }

    /** The queue file being read; before the first document, the only one or the events directory. */
    String fileName() {
        if (currentFile != null) {
            return currentFile.toString();
        }
        return queueFiles.size() == 1 ? queueFiles.get(0).toString() : events.toString();
    }

    private static List<Path> queueFiles(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".cq4")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new RecordingException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
