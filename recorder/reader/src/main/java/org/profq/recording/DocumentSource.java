package org.profq.recording;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.profq.format.RecordingLayout;

/**
 * Walks the documents of one of a recording's queues ({@code events/}, or {@code names/} of a
 * recording with a window) in order, read-only, copying each into a reused array. Only this
 * class knows the log is a Chronicle Queue, and it reads the queue's files itself, with plain
 * file reads: Chronicle's own reader needs the JVM opened to it ({@code --add-opens}), which
 * no JDBC client passes, while the part of its file format a reader needs is small.
 *
 * <p>A queue is a directory of cycle files ({@code 2026W48.cq4}, ...; their names sort in
 * time order). In a file, every document starts on a 4-byte boundary with a little-endian
 * length word: the low 30 bits are the length of what follows, bit 30 marks Chronicle's own
 * metadata (the file's header, index blocks), skipped here, and bit 31 a document still being
 * written. A zero word is where the written part of the pre-allocated file ends; the word
 * {@code 0xC0000000} ends a file that the writer rolled past.
 *
 * <p>It turns a damaged queue into a {@link RecordingException} naming the file:
 * <ul>
 *   <li>a queue file too short for its header, or not starting with one, is refused;</li>
 *   <li>a document must end inside its file (a truncated file);</li>
 *   <li>a document longer than {@link #MAX_DOCUMENT_BYTES} is refused rather than copied;</li>
 *   <li>a zero length word with written bytes after it (a zeroed word) is refused, not taken
 *       for the end, once the recording's writer is gone: the documents after it would
 *       otherwise be dropped silently.</li>
 * </ul>
 * A document still being written ends what can be read for now: the next {@link #next} reads
 * on from there once the writer has finished it. Chronicle writes a document's bytes first and
 * its length word last, as its commit, so while the writer runs ({@link #writtenBy}) a zero
 * length word with bytes after it is such a document, however long it stays so (a writer
 * descheduled in the middle of one).
 */
final class DocumentSource implements AutoCloseable {
    /** More than any document profq writes (batches are 32 KiB, names a few KiB): a longer one is damage. */
    static final int MAX_DOCUMENT_BYTES = 64 << 20;
    /** Chronicle's store header and first index blocks precede the first document. */
    private static final long MIN_QUEUE_FILE_BYTES = 64 << 10;
    private static final int LENGTH_MASK = 0x3FFF_FFFF;
    private static final int METADATA = 0x4000_0000;
    private static final int NOT_COMPLETE = 0x8000_0000;
    private static final int END_OF_FILE = NOT_COMPLETE | METADATA;
    /** A cycle file starts with its header: a metadata document whose first field is named "header". */
    private static final byte[] FILE_HEADER = {(byte) 0xB9, 6, 'h', 'e', 'a', 'd', 'e', 'r'};
    /** How much of a file is read at once; a longer document is read on its own. */
    private static final int CHUNK_BYTES = 1 << 20;
    /** How far past a zero word to look for written bytes: a document being written, or a zeroed word. */
    private static final int ZEROED_WORD_PROBE_BYTES = 64 << 10;

    private final Path queue;
    private List<Path> files;
    /** The file being read, as an index into {@link #files}, its channel and the read position in it. */
    private int fileIndex = -1;
    private FileChannel channel;
    private long position;
    private final ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    /** The file offset of {@code chunk}'s first byte; the chunk holds {@code chunk.limit()} bytes from there. */
    private long chunkAt;
    private byte[] document = new byte[64 * 1024];
    private int length;
    /** The offset of the length word of the document {@link #next} read last, in the file {@link #fileIndex}. */
    private long documentAt;
    /** The process writing the queue, once the recording's header has named it; null: not known, taken as gone. */
    private WriterProcess writer;

    /** The {@code events/} queue of {@code recording}. */
    DocumentSource(Path recording) {
        this(recording, RecordingLayout.eventsDirectory(recording));
    }

    /** The queue in {@code queueDirectory} of {@code recording}. */
    DocumentSource(Path recording, Path queueDirectory) {
        this.queue = queueDirectory;
        this.files = queueFiles(queue);
        if (!Files.isDirectory(queue) || files.isEmpty()) {
            throw new RecordingException(recording + " is not a profq recording: it has no " + queue.getFileName()
                    + "/ queue; record one with `profq record -- java ...`.");
        }
        for (Path file : files) {
            long size = size(file);
            if (size < MIN_QUEUE_FILE_BYTES) {
                throw new RecordingException(file + " is truncated: it has " + size
                        + " bytes, too few for a queue file's header (" + MIN_QUEUE_FILE_BYTES + " or more).");
            }
        }
        chunk.limit(0);
    }

    /** Moves to the next document; false at the end of what has been written so far. */
    boolean next() {
        try {
            while (true) {
                if (channel == null && !openNextFile()) {
                    return false;
                }
                int word = word(position);
                if (word == 0) {
                    forgetChunk(); // read before the writer's latest document, perhaps: look again
                    word = word(position);
                }
                if (word == 0) {
                    if (bytesFollow()) {
                        forgetChunk();
                        if (word(position) != 0) {
                            continue; // the writer committed it meanwhile
                        }
                        if (writer != null && writer.mayStillWrite()) {
                            forgetChunk();
                            return false; // being written: read it next time
                        }
                        throw new RecordingException(fileName() + " is damaged: the document at byte " + position
                                + " cannot be read (its length is zero) though the queue holds bytes after it; the recording's events stop there.");
                    }
                    if (!laterFileExists()) {
                        forgetChunk(); // what is past here will be read from the file once written
                        return false; // the end of what is written so far
                    }
                    closeFile(); // a writer killed before it marked the file's end
                    continue;
                }
                if (word == END_OF_FILE) {
                    closeFile();
                    continue;
                }
                if ((word & NOT_COMPLETE) != 0) {
                    forgetChunk();
                    return false; // still being written: read it next time
                }
                int documentLength = word & LENGTH_MASK;
                long dataAt = position + 4;
                if ((word & METADATA) != 0) {
                    requireInsideFile(dataAt + documentLength);
                    position = align(dataAt + documentLength);
                    continue;
                }
                if (documentLength > MAX_DOCUMENT_BYTES) {
                    throw new RecordingException(fileName() + " is damaged: the document at byte " + position + " claims "
                            + documentLength + " bytes, more than any profq document (" + MAX_DOCUMENT_BYTES + ").");
                }
                read(dataAt, documentLength);
                documentAt = position;
                position = align(dataAt + documentLength);
                return true;
            }
        } catch (IOException e) {
            throw new RecordingException("cannot read " + fileName() + ": " + e.getMessage(), e);
        }
    }

    /** The name of the queue file the next document is read from ("" before the first is opened). */
    String positionFile() {
        return fileIndex < 0 ? "" : files.get(fileIndex).getFileName().toString();
    }

    /** The byte offset in {@link #positionFile} of the next document. */
    long positionOffset() {
        return fileIndex < 0 ? 0 : position;
    }

    /** The position in the queue's files, in order, of the file the document {@link #next} read last is in. */
    int fileIndex() {
        return fileIndex;
    }

    /** The offset in its file of the length word of the document {@link #next} read last. */
    long documentAt() {
        return documentAt;
    }

    /** The names of the queue's files, in order, as listed last. */
    List<String> fileNames() {
        return files.stream().map(file -> file.getFileName().toString()).toList();
    }

    /**
     * Reads the document whose length word is at {@code at} in the queue file {@code fileName} into
     * {@link #bytes}, apart from the documents {@link #next} walks: true when a complete document of
     * {@code length} bytes is there (not Chronicle's metadata, not one still being written).
     */
    boolean readDocumentAt(String fileName, long at, int length) {
        if (at < 0 || length < 0 || length > MAX_DOCUMENT_BYTES || fileName.isEmpty() || fileName.contains("/")) {
            return false;
        }
        try (FileChannel file = FileChannel.open(queue.resolve(fileName), StandardOpenOption.READ)) {
            if (at + 4 + length > file.size()) {
                return false;
            }
            ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            readFully(file, word, at);
            if (word.getInt(0) != length) {
                return false;
            }
            if (length > document.length) {
                document = Arrays.copyOf(document, Math.max(length, document.length * 2));
            }
            readFully(file, ByteBuffer.wrap(document, 0, length), at + 4);
            this.length = length;
            return true;
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
    }

    private static void readFully(FileChannel file, ByteBuffer target, long at) throws IOException {
        while (target.hasRemaining()) {
            if (file.read(target, at + target.position()) < 0) {
                throw new IOException("the file ends at byte " + (at + target.position()));
            }
        }
    }

    /**
     * Goes on from where another source over the same queue was ({@link #positionFile},
     * {@link #positionOffset}). The file must still be in the queue (a window may have deleted it).
     */
    void resumeAt(String fileName, long offset) {
        if (fileName.isEmpty()) {
            return;
        }
        closeFile();
        int index = -1;
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i).getFileName().toString().equals(fileName)) {
                index = i;
            }
        }
        if (index < 0) {
            throw new RecordingException(queue + " no longer holds " + fileName + ", where the reader stopped");
        }
        fileIndex = index - 1;
        try {
            if (!openNextFile() || offset < 0 || offset > channel.size() || (offset & 3) != 0) {
                throw new RecordingException(fileName() + " has no document at byte " + offset + ", where the reader stopped");
            }
        } catch (IOException e) {
            throw new RecordingException("cannot read " + fileName() + ": " + e.getMessage(), e);
        }
        position = offset;
    }

    /**
     * The recording's header names the process writing this queue: from now on a zero length word
     * with bytes after it is a document still being written while that process runs.
     */
    void writtenBy(RunInfo run) {
        this.writer = new WriterProcess(run);
    }

    byte[] bytes() {
        return document;
    }

    int length() {
        return length;
    }

    Path directory() {
        return queue;
    }

    @Override
    public void close() {
        closeFile();
    }

    /** The queue file being read; before the first document, the only one or the queue directory. */
    String fileName() {
        if (fileIndex >= 0 && fileIndex < files.size()) {
            return files.get(fileIndex).toString();
        }
        return files.size() == 1 ? files.get(0).toString() : queue.toString();
    }

    private boolean openNextFile() throws IOException {
        if (fileIndex + 1 >= files.size()) {
            files = queueFiles(queue); // a live queue may have rolled to a new file
            if (fileIndex + 1 >= files.size()) {
                return false;
            }
        }
        fileIndex++;
        forgetChunk();
        try {
            channel = FileChannel.open(files.get(fileIndex), StandardOpenOption.READ);
        } catch (NoSuchFileException dropped) {
            return openNextFile(); // a window deleted it since it was listed: its events are counted as dropped
        }
        if (channel.size() < MIN_QUEUE_FILE_BYTES || !startsWithHeader()) {
            throw new RecordingException(fileName() + " is damaged: it does not start with a queue file's header.");
        }
        position = 0;
        return true;
    }

    private boolean startsWithHeader() throws IOException {
        int word = word(0);
        if ((word & (NOT_COMPLETE | METADATA)) != METADATA) {
            return false;
        }
        fill(4, FILE_HEADER.length);
        for (int i = 0; i < FILE_HEADER.length; i++) {
            if (chunk.get((int) (4 - chunkAt) + i) != FILE_HEADER[i]) {
                return false;
            }
        }
        return true;
    }

    private boolean laterFileExists() {
        if (fileIndex + 1 < files.size()) {
            return true;
        }
        files = queueFiles(queue);
        return fileIndex + 1 < files.size();
    }

    /** At a zero length word: whether written bytes follow it (the writer stopped there if none do). */
    private boolean bytesFollow() throws IOException {
        long end = Math.min(channel.size(), position + ZEROED_WORD_PROBE_BYTES);
        for (long at = position; at < end; at += 8) {
            int count = (int) Math.min(8, end - at);
            fill(at, count);
            for (int i = 0; i < count; i++) {
                if (chunk.get((int) (at - chunkAt) + i) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The length word at {@code at}; a word past the file's end reads as 0 (nothing written there). */
    private int word(long at) throws IOException {
        if (at + 4 > channel.size()) {
            return 0;
        }
        fill(at, 4);
        return chunk.getInt((int) (at - chunkAt));
    }

    /** A document must end inside its file: a truncated file lost the rest of it. */
    private void requireInsideFile(long end) throws IOException {
        long size = channel.size();
        if (end > size) {
            throw new RecordingException(fileName() + " is truncated: it has " + size
                    + " bytes but a document in it ends at byte " + end + ".");
        }
    }

    /** Copies the document {@code [at, at + count)} into {@link #document}; it must end inside the file. */
    private void read(long at, int count) throws IOException {
        requireInsideFile(at + count);
        if (count > document.length) {
            document = Arrays.copyOf(document, Math.max(count, document.length * 2));
        }
        if (count <= CHUNK_BYTES) {
            fill(at, count);
            chunk.get((int) (at - chunkAt), document, 0, count);
        } else {
            ByteBuffer target = ByteBuffer.wrap(document, 0, count);
            while (target.hasRemaining()) {
                if (channel.read(target, at + target.position()) < 0) {
                    throw new RecordingException(fileName() + " is truncated at byte " + (at + target.position()) + ".");
                }
            }
        }
        length = count;
    }

    /** Makes {@code chunk} hold the bytes {@code [at, at + count)} of the file, reading from {@code at} when it does not. */
    private void fill(long at, int count) throws IOException {
        if (at >= chunkAt && at + count <= chunkAt + chunk.limit()) {
            return;
        }
        chunk.clear();
        chunkAt = at;
        while (chunk.position() < count) {
            if (channel.read(chunk, at + chunk.position()) < 0) {
                break;
            }
        }
        chunk.flip();
        if (chunk.limit() < count) {
            throw new RecordingException(fileName() + " is truncated: it has " + channel.size() + " bytes but a document in it ends at byte "
                    + (at + count) + ".");
        }
    }

    private void forgetChunk() {
        chunk.limit(0);
        chunkAt = 0;
    }

    private static long align(long offset) {
        return (offset + 3) & ~3L;
    }

    private void closeFile() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // read-only: nothing to lose
            }
            channel = null;
        }
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
