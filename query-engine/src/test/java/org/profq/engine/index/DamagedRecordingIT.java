package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.format.ByteCursor;
import org.profq.format.RecordingFormat;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

import profq.samples.Allocations;

/**
 * Bad input: every damaged or foreign recording is refused, through {@link Recording#open} and
 * through the JDBC driver, with an error that names the file and says what is wrong; never a
 * raw exception, a hang, a crashed JVM or wrong rows.
 *
 * <p>Each case copies the {@code events/} of a real recording (the Allocations sample, recorded
 * through the agent) and damages the copy's queue file in place. {@link QueueFile} finds the
 * documents in it by Chronicle's framing (a 4-byte little-endian length word per document, 4-byte
 * aligned), so each case can aim at a header, a dictionary entry or a batch.
 */
class DamagedRecordingIT {
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    private static final String[] QUERIES = {"SELECT COUNT(*) FROM calls", "SELECT * FROM heap_by_method"};

    @TempDir
    Path scratch;

    @Test
    void aMissingPath() {
        Path missing = scratch.resolve("nowhere.profq");
        assertRefused(missing, missing.toString(), "does not exist");
    }

    @Test
    void anEmptyDirectory() throws IOException {
        Path empty = Files.createDirectories(scratch.resolve("empty"));
        assertRefused(empty, empty.toString(), "is not a profq recording: it has no events/ queue");
    }

    @Test
    void aDirectoryOfOtherFiles() throws IOException {
        Path photos = Files.createDirectories(scratch.resolve("photos"));
        Files.write(photos.resolve("cat.jpg"), randomBytes(10_000, 1));
        Files.createDirectories(photos.resolve("events"));
        Files.writeString(photos.resolve("events").resolve("notes.txt"), "not a queue");
        assertRefused(photos, photos.toString(), "is not a profq recording");
    }

    @Test
    void anEventsDirectoryWhoseQueueFileIsRandomBytes() throws IOException {
        Path noise = Files.createDirectories(scratch.resolve("noise.profq").resolve("events"));
        Path file = noise.resolve("2026W01.cq4");
        Files.write(file, randomBytes(1 << 20, 2));
        assertRefused(noise.getParent(), file.toString(), "damaged");
    }

    @Test
    void anEmptyQueueFile() {
        QueueFile queue = copy("empty-file");
        queue.truncate(0);
        assertRefused(queue.recording, queue.file.toString(), "is truncated: it has 0 bytes");
    }

    @Test
    void aQueueFileTruncatedInChroniclesOwnHeader() {
        QueueFile queue = copy("store-header");
        queue.truncate(100);
        assertRefused(queue.recording, queue.file.toString(), "is truncated: it has 100 bytes");
    }

    @Test
    void aQueueFileTruncatedBeforeItsFirstDocument() {
        QueueFile queue = copy("before-documents");
        queue.truncate(queue.documents().get(0).lengthWordAt() - 16);
        assertRefused(queue.recording, queue.file.toString(), "truncated");
    }

    @Test
    void aQueueFileTruncatedInsideTheProfqHeader() {
        QueueFile queue = copy("mid-header");
        Document header = queue.documents().get(0);
        queue.truncate(header.dataAt() + header.length() / 2);
        assertRefused(queue.recording, queue.file.toString(), "is truncated");
    }

    @Test
    void aQueueFileTruncatedInsideADictionaryEntry() {
        QueueFile queue = copy("mid-dictionary");
        Document names = queue.first(RecordingFormat.DOC_METHOD);
        queue.truncate(names.dataAt() + names.length() - 3);
        assertRefused(queue.recording, queue.file.toString(), "is truncated");
    }

    @Test
    void aQueueFileTruncatedInsideABatch() {
        QueueFile queue = copy("mid-batch");
        Document batch = queue.first(RecordingFormat.DOC_BATCH);
        queue.truncate(batch.dataAt() + batch.length() / 2);
        assertRefused(queue.recording, queue.file.toString(), "is truncated");
    }

    @Test
    void aQueueFileMissingOnlyItsLastByte() {
        QueueFile queue = copy("last-byte");
        queue.truncate(queue.writtenLength() - 1);
        assertRefused(queue.recording, queue.file.toString(), "is truncated");
    }

    @Test
    void aZeroedLengthWordHidesTheRestOfTheLog() {
        QueueFile queue = copy("zero-length-word");
        Document batch = queue.first(RecordingFormat.DOC_BATCH);
        queue.zero(batch.lengthWordAt(), 4);
        assertRefused(queue.recording, queue.file.toString(), "cannot be read (its length is zero)");
    }

    @Test
    void aZeroedBatch() {
        QueueFile queue = copy("zero-batch");
        Document batch = queue.first(RecordingFormat.DOC_BATCH);
        queue.zero(batch.dataAt(), batch.length());
        assertRefused(queue.recording, queue.file.toString(), "is damaged at document");
    }

    @Test
    void aZeroedRunInsideABatch() {
        QueueFile queue = copy("zero-run");
        Document batch = queue.first(RecordingFormat.DOC_BATCH);
        queue.zero(batch.dataAt() + batch.length() / 2, 16);
        assertRefused(queue.recording, queue.file.toString(), "is damaged at document");
    }

    @Test
    void aZeroedRegionAcrossTwoDocuments() {
        QueueFile queue = copy("zero-across");
        List<Document> documents = queue.documents();
        Document header = documents.get(0);
        queue.zero(header.dataAt() + header.length() - 8, documents.get(1).dataAt() + 4 - (header.dataAt() + header.length() - 8));
        assertRefused(queue.recording, queue.file.toString(), "");
    }

    @Test
    void aZeroedHeader() {
        QueueFile queue = copy("zero-header");
        Document header = queue.documents().get(0);
        queue.zero(header.dataAt(), header.length());
        assertRefused(queue.recording, queue.file.toString(), "does not start with a profq header");
    }

    @Test
    void anUnknownMajorFormatVersionIsRefusedWithBothVersions() {
        QueueFile queue = copy("version-99");
        Document header = queue.documents().get(0);
        // The header: kind byte, "PROFQ", then the major version as a varint (one byte below 128).
        int majorAt = header.dataAt() + 1 + RecordingFormat.MAGIC.length;
        assertEquals(RecordingFormat.MAJOR_VERSION, queue.bytes()[majorAt]);
        queue.patch(majorAt, (byte) 99);
        assertRefused(queue.recording, queue.file.toString(), "has recording format version 99." + RecordingFormat.DEATHS_RECORDED_MINOR_VERSION
                + "; this profq reads version " + RecordingFormat.MAJOR_VERSION + ".x");
    }

    /** Batch fields whose damage still decodes as varints, caught by the batch checks. */
    @Test
    void bitFlipsInABatchThatStillDecodeAreCaughtByTheBatchChecks() {
        QueueFile original = copy("flip-source");
        Document batch = original.first(RecordingFormat.DOC_BATCH);
        BatchLayout layout = BatchLayout.of(original.bytes(), batch);
        record Flip(String what, int offset, int bit) {
        }
        List<Flip> flips = List.of(
                new Flip("base time", layout.baseNanosAt, 0),
                new Flip("thread id", layout.threadAt, 4),
                new Flip("event count", layout.countAt, 0),
                new Flip("last event's time", layout.lastNanosAt, 2),
                new Flip("a time delta", layout.firstDeltaAt, 3),
                new Flip("an event's kind", layout.eventsAt, 0),
                new Flip("a method id", layout.eventsAt + (layout.firstDeltaAt > 0 ? layout.firstDeltaLength + 1 : 1), 5));
        for (Flip flip : flips) {
            QueueFile queue = copy("flip-" + flip.offset);
            queue.flip(flip.offset, flip.bit);
            assertRefused(queue.recording, queue.file.toString(), "is damaged at document", flip.what);
        }
    }

    /**
     * One flipped bit at every byte of the first batch: each is refused with a message naming
     * the file (the batch's CRC32C, or a check before it). Never wrong events, another
     * exception, a hang or a crash.
     */
    @Test
    void aFlippedBitAnywhereInABatchIsRefused() {
        QueueFile original = copy("sweep-source");
        List<RecordedEvent> expected = readAll(original.recording);
        Document batch = original.first(RecordingFormat.DOC_BATCH);
        int refused = 0;
        int changed = 0;
        int tried = 0;
        QueueFile queue = copy("sweep");
        for (int offset = batch.dataAt() + 1; offset < batch.dataAt() + Math.min(batch.length(), 300); offset++, tried++) {
            int bit = offset % 8;
            queue.flip(offset, bit);
            try {
                List<RecordedEvent> events = assertTimeoutPreemptively(PATIENCE, () -> readAll(queue.recording));
                if (!events.equals(expected)) {
                    changed++;
                }
            } catch (RecordingException e) {
                assertTrue(e.getMessage().contains(queue.file.toString()), e.getMessage());
                refused++;
            }
            queue.flip(offset, bit);
        }
        System.out.printf("bit flips in a batch: %d tried, %d refused, %d undetected changes%n", tried, refused, changed);
        assertEquals(0, changed, "flips that changed the events undetected");
        assertEquals(tried, refused, "every flip is refused");
    }

    // --- helpers ---

    /** Opens and reads through the reader API, then through JDBC: both must refuse, with the same facts. */
    private static void assertRefused(Path recording, String names, String says) {
        assertRefused(recording, names, says, "");
    }

    private static void assertRefused(Path recording, String names, String says, String context) {
        RecordingException readerError = assertThrows(RecordingException.class,
                () -> assertTimeoutPreemptively(PATIENCE, () -> readAll(recording)), "reader: " + context);
        assertMessage(readerError.getMessage(), names, says, context);
        for (String sql : QUERIES) {
            SQLException driverError = assertThrows(SQLException.class, () -> assertTimeoutPreemptively(PATIENCE, () -> {
                try (Connection connection = Rows.connect(recording.toString())) {
                    Rows.query(connection, sql);
                }
            }), "driver: " + context + " " + sql);
            assertMessage(driverError.getMessage(), names, says, context + " " + sql);
        }
    }

    private static void assertMessage(String message, String names, String says, String context) {
        assertTrue(message != null && message.contains(names) && message.contains(says),
                () -> context + ": expected a message naming " + names + " and saying '" + says + "', got: " + message);
    }

    private static List<RecordedEvent> readAll(Path recording) {
        try (Recording opened = Recording.open(recording)) {
            return opened.readAllEvents();
        }
    }

    private QueueFile copy(String name) {
        Path source = SampleRecording.of(Allocations.class).resolve("events");
        Path recording = scratch.resolve(name + ".profq");
        try {
            Files.createDirectories(recording.resolve("events"));
            try (Stream<Path> files = Files.list(source)) {
                for (Path file : files.toList()) {
                    Files.copy(file, recording.resolve("events").resolve(file.getFileName()));
                }
            }
            try (Stream<Path> files = Files.list(recording.resolve("events"))) {
                Path cq4 = files.filter(file -> file.toString().endsWith(".cq4")).findFirst().orElseThrow();
                return new QueueFile(recording, cq4);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] randomBytes(int count, long seed) {
        byte[] bytes = new byte[count];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /** One document in a queue file: where its length word is, where its bytes start, how many. */
    record Document(int lengthWordAt, int dataAt, int length, byte kind) {
    }

    /** A recording's single queue file, read and damaged as bytes. */
    static final class QueueFile {
        private static final int LENGTH_MASK = 0x3FFF_FFFF;
        private static final int METADATA = 0x4000_0000;
        final Path recording;
        final Path file;

        QueueFile(Path recording, Path file) {
            this.recording = recording;
            this.file = file;
        }

        byte[] bytes() {
            try {
                return Files.readAllBytes(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /**
         * The data documents, from the profq header on: found by its magic, then by following
         * Chronicle's length words (skipping its metadata documents, such as index blocks) to the
         * first zero word, where the written part of the pre-allocated file ends.
         */
        List<Document> documents() {
            byte[] bytes = bytes();
            ByteBuffer words = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            int magicAt = indexOf(bytes, RecordingFormat.MAGIC);
            int at = magicAt - 1 - 4;
            List<Document> documents = new ArrayList<>();
            while (at + 4 <= bytes.length) {
                int word = words.getInt(at);
                int length = word & LENGTH_MASK;
                if (word == 0) {
                    break;
                }
                if ((word & METADATA) == 0) {
                    documents.add(new Document(at, at + 4, length, bytes[at + 4]));
                }
                at = (at + 4 + length + 3) & ~3;
            }
            return documents;
        }

        Document first(byte kind) {
            return documents().stream().filter(document -> document.kind() == kind).findFirst().orElseThrow();
        }

        /** Where the last document ends: the written length; past it the file holds zeros. */
        int writtenLength() {
            Document last = documents().get(documents().size() - 1);
            return last.dataAt() + last.length();
        }

        void truncate(long length) {
            assertTrue(length < writtenLengthOrFileSize(), "truncate below the written length");
            try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
                channel.truncate(length);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private long writtenLengthOrFileSize() {
            try {
                return indexOf(bytes(), RecordingFormat.MAGIC) < 0 ? Files.size(file) : writtenLength();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void zero(int offset, int count) {
            byte[] bytes = bytes();
            Arrays.fill(bytes, offset, offset + count, (byte) 0);
            write(bytes);
        }

        void patch(int offset, byte value) {
            byte[] bytes = bytes();
            bytes[offset] = value;
            write(bytes);
        }

        void flip(int offset, int bit) {
            byte[] bytes = bytes();
            bytes[offset] ^= (byte) (1 << bit);
            write(bytes);
        }

        private void write(byte[] bytes) {
            try {
                Files.write(file, bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private static int indexOf(byte[] bytes, byte[] pattern) {
            outer:
            for (int i = 0; i + pattern.length <= bytes.length; i++) {
                for (int j = 0; j < pattern.length; j++) {
                    if (bytes[i + j] != pattern[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            fail("no profq header in the queue file");
            return -1;
        }
    }

    /** Where the fields of a batch document are (RecordingFormat.DOC_BATCH), read with the reader's own cursor. */
    record BatchLayout(int threadAt, int sequenceAt, int baseNanosAt, int firstCallAt, int countAt, int lastNanosAt, int eventsAt,
                       int firstDeltaAt, int firstDeltaLength) {
        static BatchLayout of(byte[] bytes, Document batch) {
            ByteCursor in = new ByteCursor().reset(bytes, batch.dataAt() + 1, batch.dataAt() + batch.length());
            int threadAt = in.position();
            in.readVarint();
            int sequenceAt = in.position();
            in.readVarint();
            int baseNanosAt = in.position();
            in.readVarint();
            int firstCallAt = in.position();
            in.readVarint();
            in.readVarint(); // first object
            int countAt = in.position();
            in.readVarint();
            int lastNanosAt = in.position();
            in.readVarint();
            in.readInt32(); // the batch's CRC32C
            int eventsAt = in.position();
            int tag = in.readByte();
            int firstDeltaAt = (tag & RecordingFormat.TIME_CHANGED) != 0 ? in.position() : -1;
            int firstDeltaLength = 0;
            if (firstDeltaAt > 0) {
                in.readVarint();
                firstDeltaLength = in.position() - firstDeltaAt;
            }
            return new BatchLayout(threadAt, sequenceAt, baseNanosAt, firstCallAt, countAt, lastNanosAt, eventsAt,
                    firstDeltaAt, firstDeltaLength);
        }
    }
}
