package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.api.Indexing;
import org.profq.engine.api.Recordings;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;
import org.profq.recording.EventCounts;
import org.profq.recording.RecordedEvent;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

import profq.samples.LongRun;
import profq.samples.MutableArgument;

/**
 * What the index on disk covers of a recording, read from its manifests alone, and the events by
 * kind that every build keeps with the reader checkpoint it ends at: the same counts as reading
 * every event and counting the records by type, with no event read when the index covers the log,
 * and only those flushed after it when the log grew. A table of an older index format, or of another
 * run, covers nothing.
 */
class IndexCoverageIT {
    @TempDir
    Path scratch;

    @Test
    void anIndexCountsEveryKindOfEventAsTheRecordsDo() {
        Path directory = SampleRecording.record(scratch, MutableArgument.class,
                "clock=exact,events=calls:uses,track=1,values=*MutableArgument.read", 0);
        try (Recording recording = Recording.open(directory)) {
            Map<EventCounts.Kind, Long> expected = countedRecords(recording);
            assertTrue(expected.get(EventCounts.Kind.PARAMETER) > 0 && expected.get(EventCounts.Kind.USE) > 0
                    && expected.get(EventCounts.Kind.WRITE_TO_FOLLOWED_OBJECT) > 0, expected.toString());

            IndexCoverage none = IndexCoverage.of(recording);
            assertFalse(none.anyTable());
            assertFalse(none.complete());
            assertEquals(recording.logBytes(), none.logBytesLeft());
            assertEquals(Optional.empty(), none.eventCounts(recording.logBytes() - 1), "the whole log is more than it may read");
            assertEquals(expected, byKind(none.eventCounts(recording.logBytes()).orElseThrow()), "read from the log's start");

            Indexing.extend(recording, true);
            IndexCoverage whole = IndexCoverage.of(recording);
            assertTrue(whole.complete());
            assertEquals(whole.tables(), whole.tablesBuilt());
            assertEquals(0, whole.logBytesLeft());
            assertEquals(expected, byKind(whole.eventCounts(0).orElseThrow()), "from the index, reading no event");
        }
    }

    @Test
    void aGrownRecordingIsCountedFromWhereItsIndexEnds() throws Exception {
        Path directory = scratch.resolve("LongRun.profq");
        Process program = new ProcessBuilder(SampleRun.command(Jdk.current(), "-javaagent:" + SampleRun.agentJar() + "=out="
                + directory + ",clock=exact,flush=10", LongRun.class, "1", "--wait")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(program.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("waiting", out.readLine());
            Thread.sleep(300); // the flusher writes what main did so far; then the program waits, writing nothing
            long indexedBytes;
            try (Recording young = Recording.open(directory)) {
                Indexing.extend(young, true);
                indexedBytes = young.logBytes();
                assertTrue(IndexCoverage.of(young).complete());
            }
            try (OutputStream in = program.getOutputStream()) {
                in.write('\n');
            }
            assertTrue(program.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, program.exitValue());

            try (Recording grown = Recordings.open(directory)) {
                IndexCoverage coverage = IndexCoverage.of(grown);
                assertTrue(coverage.anyTable());
                assertFalse(coverage.complete());
                assertEquals(grown.logBytes() - indexedBytes, coverage.logBytesLeft());
                assertEquals(Optional.empty(), coverage.eventCounts(coverage.logBytesLeft() - 1));
                assertEquals(countedRecords(grown), byKind(coverage.eventCounts(coverage.logBytesLeft()).orElseThrow()),
                        "the index's counts and those of the events flushed after it");
            }
        } finally {
            program.destroyForcibly();
            program.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anIndexOfAnOlderFormatOrOfAnotherRunCoversNothing() throws IOException {
        Path directory = SampleRecording.record(scratch.resolve("a"), MutableArgument.class, "clock=exact", 0);
        try (Recording recording = Recording.open(directory)) {
            Indexing.extend(recording, true);
        }
        Path other = SampleRecording.record(scratch.resolve("b"), MutableArgument.class, "clock=exact", 0);
        copyTree(directory.resolve("index"), other.resolve("index"));
        try (Recording replaced = Recording.open(other)) {
            IndexCoverage coverage = IndexCoverage.of(replaced);
            assertFalse(coverage.anyTable(), "another run's index");
            assertEquals(replaced.logBytes(), coverage.logBytesLeft());
        }

        try (Stream<Path> manifests = Files.walk(directory.resolve("index")).filter(file -> file.endsWith("manifest.properties"))) {
            for (Path manifest : (Iterable<Path>) manifests::iterator) {
                String text = Files.readString(manifest);
                assertTrue(text.contains("format="), text);
                Files.writeString(manifest, text.replaceFirst("format=\\d+", "format=1"));
            }
        }
        try (Recording recording = Recording.open(directory)) {
            IndexCoverage coverage = IndexCoverage.of(recording);
            assertFalse(coverage.anyTable(), "an older profq's index");
            assertEquals(countedRecords(recording), byKind(coverage.eventCounts(recording.logBytes()).orElseThrow()));
        }
    }

    /**
     * A table whose reader checkpoint an older profq wrote (version 1, without counts) still answers
     * for the log it covers, gives no counts (they are read from the log instead), and, once the log
     * has grown, is rebuilt rather than extended: its rows are a fresh build's.
     */
    @Test
    void aTableWithAnOlderCheckpointIsRebuiltWhenTheLogGrows() throws Exception {
        Path directory = scratch.resolve("LongRun.profq");
        Process program = new ProcessBuilder(SampleRun.command(Jdk.current(), "-javaagent:" + SampleRun.agentJar() + "=out="
                + directory + ",clock=exact,flush=10", LongRun.class, "1", "--wait")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(program.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("waiting", out.readLine());
            Thread.sleep(300);
            try (Recording young = Recording.open(directory)) {
                Indexing.extend(young, true);
            }
            Path calls = directory.resolve("index").resolve("calls");
            olderCheckpoint(calls);
            try (Recording young = Recordings.open(directory)) {
                IndexCoverage coverage = IndexCoverage.of(young);
                assertTrue(coverage.complete(), "it still covers the log it was built from");
                assertEquals(countedRecords(young), byKind(coverage.eventCounts(0).orElseThrow()), "from the other tables' counts");
            }
            try (OutputStream in = program.getOutputStream()) {
                in.write('\n');
            }
            assertTrue(program.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, program.exitValue());

            List<List<Object>> answered;
            try (Connection connection = Rows.connect(directory.toString())) {
                answered = Rows.query(connection, "SELECT * FROM calls ORDER BY call_id");
            }
            Path fresh = scratch.resolve("fresh").resolve(directory.getFileName());
            copyTree(directory.resolve("events"), fresh.resolve("events"));
            try (Connection connection = Rows.connect(fresh.toString())) {
                assertEquals(Rows.query(connection, "SELECT * FROM calls ORDER BY call_id"), answered, "a fresh build's rows");
            }
            try (Recording grown = Recordings.open(directory)) {
                assertEquals(countedRecords(grown), byKind(IndexCoverage.of(grown).eventCounts(0).orElseThrow()),
                        "the rebuilt table counts again");
            }
        } finally {
            program.destroyForcibly();
            program.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Makes the reader checkpoint in the resume state of the table in {@code table} one of version
     * 1, as an older profq wrote, with the manifest's checksum of the file to match.
     */
    private static void olderCheckpoint(Path table) throws IOException {
        Properties manifest = new Properties();
        try (Reader in = Files.newBufferedReader(table.resolve("manifest.properties"), StandardCharsets.UTF_8)) {
            manifest.load(in);
        }
        Path resume = table.resolve(manifest.getProperty("resume"));
        byte[] bytes = Files.readAllBytes(resume);
        ByteBuffer.wrap(bytes).putInt(8, 1); // after the magic and the checkpoint's length: its version
        Files.write(resume, bytes);
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        manifest.setProperty("resume_crc32c", String.format("%08x", crc.getValue()));
        try (Writer out = Files.newBufferedWriter(table.resolve("manifest.properties"), StandardCharsets.UTF_8)) {
            manifest.store(out, null);
        }
    }

    /** The events of {@code recording} by kind, counted from its records. */
    private static Map<EventCounts.Kind, Long> countedRecords(Recording recording) {
        Map<EventCounts.Kind, Long> counts = new EnumMap<>(EventCounts.Kind.class);
        for (EventCounts.Kind kind : EventCounts.Kind.values()) {
            counts.put(kind, 0L);
        }
        try {
            for (RecordedEvent event : recording.readAllEvents()) {
                counts.merge(kindOf(event), 1L, Long::sum);
            }
        } catch (RecordingException e) {
            throw new AssertionError(e);
        }
        return counts;
    }

    private static EventCounts.Kind kindOf(RecordedEvent event) {
        if (event instanceof RecordedEvent.CallEntry) {
            return EventCounts.Kind.CALL_ENTRY;
        } else if (event instanceof RecordedEvent.CallExit) {
            return EventCounts.Kind.CALL_EXIT;
        } else if (event instanceof RecordedEvent.Allocation) {
            return EventCounts.Kind.ALLOCATION;
        } else if (event instanceof RecordedEvent.Death) {
            return EventCounts.Kind.DEATH;
        } else if (event instanceof RecordedEvent.Thrown) {
            return EventCounts.Kind.EXCEPTION;
        } else if (event instanceof RecordedEvent.Use) {
            return EventCounts.Kind.USE;
        } else if (event instanceof RecordedEvent.Parameter) {
            return EventCounts.Kind.PARAMETER;
        } else if (event instanceof RecordedEvent.Followed) {
            return EventCounts.Kind.OBJECT_FOLLOWED;
        } else if (event instanceof RecordedEvent.FieldWrite write) {
            return write.writeSeq() == 0 ? EventCounts.Kind.REFERENCE_HELD_WHEN_FOLLOWED : EventCounts.Kind.WRITE_TO_FOLLOWED_OBJECT;
        } else if (event instanceof RecordedEvent.ReferenceField) {
            return EventCounts.Kind.REFERENCE_FIELD_READ;
        } else if (event instanceof RecordedEvent.CpuTime) {
            return EventCounts.Kind.CPU_TIME_READING;
        }
        return EventCounts.Kind.USER_EVENT;
    }

    private static Map<EventCounts.Kind, Long> byKind(EventCounts counts) {
        Map<EventCounts.Kind, Long> byKind = new EnumMap<>(EventCounts.Kind.class);
        for (EventCounts.Kind kind : EventCounts.Kind.values()) {
            byKind.put(kind, counts.of(kind));
        }
        return byKind;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
    }
}
