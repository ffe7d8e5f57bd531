package org.profq.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.profq.log.ChronicleSettings;
import org.profq.log.RecordingLayout;

/**
 * Walks the documents of a recording's {@code events/} queue in order, read-only, copying each
 * into a reused array. Only this class knows the log is a Chronicle Queue.
 */
final class DocumentSource implements AutoCloseable {
    static {
        ChronicleSettings.apply();
    }

    private final Path events;
    private final ChronicleQueue queue;
    private final ExcerptTailer tailer;
    private byte[] document = new byte[64 * 1024];
    private int length;

    DocumentSource(Path recording) {
        this.events = RecordingLayout.eventsDirectory(recording);
        if (!Files.isDirectory(events) || !holdsQueueFiles(events)) {
            throw new RecordingException(recording + " is not a profq recording: it has no events/ queue; "
                    + "record one with `profq record -- java ...`.");
        }
        try {
            this.queue = ChronicleQueue.singleBuilder(events).readOnly(true).build();
            this.tailer = queue.createTailer();
        } catch (RuntimeException | LinkageError | AssertionError e) {
            // Chronicle fails with errors, not exceptions, when the JVM lacks the opens it needs.
            throw new RecordingException("cannot open the event queue " + events + " (" + e
                    + "); a JVM that reads recordings needs the flags of profq.reader.jvm.args (the profq launcher passes them).", e);
        }
    }

    /** Moves to the next document; false at the end of what has been written so far. */
    boolean next() {
        try (DocumentContext context = tailer.readingDocument()) {
            if (!context.isPresent()) {
                return false;
            }
            Bytes<?> bytes = context.wire().bytes();
            long remaining = bytes.readRemaining();
            if (remaining > Integer.MAX_VALUE - 16) {
                throw new RecordingException(events + " holds a document of " + remaining + " bytes, more than a batch can be");
            }
            length = (int) remaining;
            if (length > document.length) {
                document = Arrays.copyOf(document, Math.max(length, document.length * 2));
            }
            bytes.read(document, 0, length);
            return true;
        } catch (RecordingException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new RecordingException("cannot read " + events + ": " + e.getMessage(), e);
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

    private static boolean holdsQueueFiles(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.anyMatch(file -> file.getFileName().toString().endsWith(".cq4"));
        } catch (IOException e) {
            return false;
        }
    }
}
