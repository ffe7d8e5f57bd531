package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;
import org.profq.recording.MethodInfo;
import org.profq.recording.Recording;
import org.profq.recording.RecordingException;

import profq.samples.Allocations;
import profq.samples.LongRun;
import profq.samples.Phases;

/**
 * A new process opening an indexed recording reads only the log after the scan state its index
 * kept ({@code index/logscan.state}), and answers exactly as if it had read the whole log; a
 * state that is damaged or not of the log as it is now is ignored, and the whole log read.
 * {@link Recording#logBytesScanned()} says what the scan read; early log bytes damaged after the
 * state was kept show it too: a scan from the start fails on them, one from the state never sees them.
 */
class SavedLogScanIT {
    @TempDir
    Path scratch;

    @Test
    void aGrownRecordingIsReadOnFromItsSavedScanAndShowsItsNewNamesAndTotals() throws Exception {
        Path recording = scratch.resolve("LongRun.profq");
        Process program = new ProcessBuilder(SampleRun.command(Jdk.current(), "-javaagent:" + SampleRun.agentJar() + "=out="
                + recording + ",clock=exact,flush=10", LongRun.class, "1", "--wait")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(program.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("waiting", out.readLine());
            waitForHeader(recording);
            Thread.sleep(300); // the flusher writes what main did so far; then the program waits, writing nothing
            Path beforeGrowth = copyOfLog(recording, "before-growth");

            queryIndexedTable(recording);
            assertTrue(Files.isRegularFile(savedState(recording)), "the index keeps the scan's state");
            long headerBytes;
            long logBytesBefore;
            try (Recording opened = openedWithSavedScan(recording)) {
                headerBytes = opened.logBytesScanned();
                logBytesBefore = opened.logBytes();
                assertTrue(headerBytes < 4096 && headerBytes < logBytesBefore, headerBytes + " bytes read of " + logBytesBefore
                        + ": the header alone");
                assertTrue(opened.openedFromSavedScan());
                assertEquals(Optional.empty(), opened.savedScanSetAside());
                assertEquals(facts(Recording.open(recording)), facts(opened), "the same names and totals as a scan of the whole log");
                assertFalse(methodNames(opened).contains("square"), "the work has not begun");
            }

            try (OutputStream in = program.getOutputStream()) {
                in.write('\n');
            }
            assertTrue(program.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, program.exitValue());

            try (Recording grown = openedWithSavedScan(recording); Recording whole = Recording.open(recording)) {
                assertTrue(grown.logBytes() > logBytesBefore, "the log grew");
                assertEquals(headerBytes + grown.logBytes() - logBytesBefore, grown.logBytesScanned(),
                        "the header and what was flushed after the saved scan are read, nothing before it");
                assertTrue(grown.openedFromSavedScan());
                assertFalse(whole.openedFromSavedScan());
                assertEquals(Optional.empty(), whole.savedScanSetAside(), "none given");
                assertEquals(facts(whole), facts(grown));
                assertTrue(methodNames(grown).contains("square"), "the names written as the program went on");
                assertTrue(grown.end().isPresent(), "the end record");
            }
            Path fresh = copyOfLog(recording, "fresh");
            assertEquals(answers(fresh), answers(recording), "the rows of a scan and an index from scratch");

            // The state of the grown log, given to the log as it was before it grew: not of that log.
            byte[] grownState = Files.readAllBytes(savedState(recording));
            Files.createDirectories(beforeGrowth.resolve(RecordingIndex.DIRECTORY));
            Files.write(savedState(beforeGrowth), grownState);
            try (Recording shorter = openedWithSavedScan(beforeGrowth); Recording whole = Recording.open(beforeGrowth)) {
                assertEquals(shorter.logBytes(), shorter.logBytesScanned(), "the state is ignored: the whole log is read");
                assertFalse(shorter.openedFromSavedScan());
                assertTrue(shorter.savedScanSetAside().orElseThrow().matches("the log changed since it was kept: the last document it"
                        + " read in \\S+\\.cq4 \\(at byte \\d+\\) is not there, whole, with the checksum it had"),
                        shorter.savedScanSetAside().orElseThrow());
                assertEquals(List.of("profq: the scan of " + beforeGrowth + "'s log kept with its index was set aside ("
                        + shorter.savedScanSetAside().orElseThrow() + "); the log was read from its start"), warnings(beforeGrowth),
                        "the connection says so");
                assertEquals(facts(whole), facts(shorter));
                assertFalse(methodNames(shorter).contains("square"));
            }
        } finally {
            program.destroyForcibly();
            program.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void earlyLogBytesDamagedAfterTheStateWasSavedAreNeverReadAgain() throws Exception {
        Path recording = SampleRecording.record(scratch, Phases.class, "clock=exact", 0);
        Map<String, List<List<Object>>> before = answers(recording);
        List<Long> documents = documentOffsets(logFile(recording));
        assertTrue(documents.size() >= 6, "documents: " + documents);
        Path copy = copyOfLog(recording, "copy");
        for (Path damaged : List.of(recording, copy)) {
            flipByteOfDocument(logFile(damaged), documents.get(2)); // a name's document, long before the end
        }
        SQLException refused = assertThrows(SQLException.class, () -> Rows.connect(copy.toString()).close(),
                "a scan from the start finds the damage");
        assertTrue(refused.getMessage().contains("damaged"), refused.getMessage());
        try (Recording opened = openedWithSavedScan(recording)) {
            assertTrue(opened.logBytesScanned() < 4096, opened.logBytesScanned() + " bytes read");
        }
        assertEquals(before, answers(recording), "answered from the saved scan and the index");
    }

    @Test
    void aDamagedStateIsIgnored() throws Exception {
        Path recording = SampleRecording.record(scratch, Phases.class, "clock=exact", 0);
        Map<String, List<List<Object>>> expected = answers(recording);
        byte[] state = Files.readAllBytes(savedState(recording));
        for (int at : new int[] {0, 9, state.length / 2, state.length - 1}) {
            byte[] damaged = state.clone();
            damaged[at] ^= 0x10;
            Files.write(savedState(recording), damaged);
            try (Recording opened = openedWithSavedScan(recording); Recording whole = Recording.open(recording)) {
                assertEquals(opened.logBytes(), opened.logBytesScanned(), "byte " + at + " damaged: the whole log is read");
                assertEquals(Optional.of("it cannot be taken up: a damaged scan state: it does not match its CRC32C checksum"),
                        opened.savedScanSetAside());
                assertEquals(facts(whole), facts(opened));
            }
            Files.write(savedState(recording), damaged);
            assertEquals(expected, answers(recording), "byte " + at + " damaged");
            assertFalse(Arrays.equals(damaged, Files.readAllBytes(savedState(recording))), "the state of that scan replaced it");
        }
        Files.write(savedState(recording), new byte[0]);
        assertEquals(expected, answers(recording), "an empty state");
    }

    @Test
    void aRecordingReplacedByAnotherInPlaceIsNotAnsweredFromTheOldState() throws Exception {
        Path recording = SampleRecording.record(scratch.resolve("a"), Phases.class, "clock=exact", 0);
        answers(recording);
        assertTrue(Files.isRegularFile(savedState(recording)));
        Path other = SampleRecording.record(scratch.resolve("b"), Allocations.class, "clock=exact", 0);
        Map<String, List<List<Object>>> expected = answers(copyOfLog(other, "fresh"));
        deleteTree(recording.resolve("events"));
        Files.createDirectories(recording.resolve("events"));
        try (Stream<Path> files = Files.list(other.resolve("events"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, recording.resolve("events").resolve(file.getFileName()));
            }
        }
        try (Recording opened = openedWithSavedScan(recording); Recording whole = Recording.open(recording)) {
            assertEquals(opened.logBytes(), opened.logBytesScanned(), "another run's state is ignored");
            assertEquals(Optional.of("it is of another run's log: the header is not the one it read"), opened.savedScanSetAside());
            assertEquals(facts(whole), facts(opened));
            assertEquals(Allocations.class.getName(), opened.run().mainClass());
        }
        assertEquals(expected, answers(recording));
    }

    private static Recording openedWithSavedScan(Path recording) {
        return Recording.open(recording, run -> SavedLogScans.find(recording, run));
    }

    private static Path savedState(Path recording) {
        return recording.resolve(RecordingIndex.DIRECTORY).resolve(SavedLogScans.FILE);
    }

    /** A query of an indexed table in a connection of its own: the index is built or extended, and the scan's state kept. */
    private static void queryIndexedTable(Path recording) throws SQLException {
        try (Connection connection = Rows.connect(recording.toString())) {
            Rows.query(connection, "SELECT COUNT(*) FROM allocations");
        }
    }

    /** The warnings a new connection to {@code recording} has before its first statement. */
    private static List<String> warnings(Path recording) throws SQLException {
        List<String> warnings = new ArrayList<>();
        try (Connection connection = Rows.connect(recording.toString())) {
            for (SQLWarning warning = connection.getWarnings(); warning != null; warning = warning.getNextWarning()) {
                warnings.add(warning.getMessage());
            }
        }
        return warnings;
    }

    /** What a user sees of the names and totals, and the heap profile, in a new connection. */
    private static Map<String, List<List<Object>>> answers(Path recording) throws SQLException {
        Map<String, List<List<Object>>> answers = new LinkedHashMap<>();
        try (Connection connection = Rows.connect(recording.toString())) {
            for (String table : List.of("run", "threads", "classes", "methods", "sites", "heap_by_method", "heap_by_site")) {
                answers.put(table, Rows.query(connection, "SELECT * FROM " + table));
            }
        }
        return answers;
    }

    /** Everything a {@link Recording} tells of the log but its events. */
    private static List<Object> facts(Recording recording) {
        try (recording) {
            return List.of(recording.run(), recording.classes(), recording.methods(), recording.sites(), recording.threads(),
                    recording.fields(), recording.constants(), recording.userEventTypes(), recording.eventCount(),
                    recording.losses(), recording.window(), recording.logBytes(), recording.warnings(), recording.weaving(),
                    recording.unwovenClasses(), recording.end(), recording.durationNanos(), recording.eventsLost());
        }
    }

    private static List<String> methodNames(Recording recording) {
        return recording.methods().stream().map(MethodInfo::name).toList();
    }

    private static void waitForHeader(Path recording) throws InterruptedException {
        for (int attempt = 0; attempt < 600; attempt++) {
            try (Recording ignored = Recording.open(recording)) {
                return;
            } catch (RecordingException notYet) {
                Thread.sleep(50);
            }
        }
        throw new AssertionError("no header in " + recording + " after 30 s");
    }

    /** A copy of {@code recording}'s log alone (no index) under {@code name}. */
    private Path copyOfLog(Path recording, String name) throws IOException {
        Path copy = scratch.resolve(name).resolve(recording.getFileName());
        Files.createDirectories(copy.resolve("events"));
        try (Stream<Path> files = Files.list(recording.resolve("events"))) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.copy(file, copy.resolve("events").resolve(file.getFileName()));
            }
        }
        return copy;
    }

    private static Path logFile(Path recording) throws IOException {
        try (Stream<Path> files = Files.list(recording.resolve("events"))) {
            List<Path> queueFiles = files.filter(file -> file.toString().endsWith(".cq4")).sorted().toList();
            assertEquals(1, queueFiles.size(), queueFiles.toString());
            return queueFiles.get(0);
        }
    }

    /** The offsets of the length words of the documents (not Chronicle's metadata) in a queue file. */
    private static List<Long> documentOffsets(Path queueFile) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(queueFile)).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> documents = new ArrayList<>();
        int at = 0;
        while (at + 4 <= bytes.limit()) {
            int word = bytes.getInt(at);
            if (word == 0 || word == 0xC000_0000) {
                break;
            }
            if ((word & 0x4000_0000) == 0) {
                documents.add((long) at);
            }
            at = (at + 4 + (word & 0x3FFF_FFFF) + 3) & ~3;
        }
        return documents;
    }

    /** Flips a byte in the middle of the document whose length word is at {@code at}. */
    private static void flipByteOfDocument(Path queueFile, long at) throws IOException {
        byte[] bytes = Files.readAllBytes(queueFile);
        int length = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).getInt((int) at) & 0x3FFF_FFFF;
        bytes[(int) at + 4 + length / 2] ^= 0x01;
        Files.write(queueFile, bytes);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        }
    }
}
