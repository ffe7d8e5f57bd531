package org.profq.recording;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * A log scan's state is kept and taken up again whole: every field goes through its bytes, and
 * bytes that are not exactly what it wrote are refused, never read as names or totals.
 */
class LogScanStateTest {

    @Test
    void everyFieldIsWrittenAndRead() {
        // A field added to LogScanState or Dictionaries must be written by write() and read by read()
        // (and LogScanState.VERSION bumped): then add it here.
        assertEquals(Set.of("dictionaries", "losses", "warnings", "unwovenClasses", "collections", "deathsRecorded", "threadLastNanos", "end", "weaving", "calibration", "window",
                "documentCount", "namesDocumentCount", "eventCount", "logBytes", "lastEventNanos", "headerChecksum", "eventFiles",
                "nextFile", "nextOffset"), fields(LogScanState.class));
        assertEquals(Set.of("classes", "methods", "sites", "threads", "fields", "constants", "eventTypes", "eventColumns",
                "eventStrings", "texts"), fields(Dictionaries.class));
        assertEquals(Set.of("name", "documentAt", "documentLength", "documentChecksum"), fields(LogScanState.FileMark.class));
    }

    @Test
    void aStateReadBackHoldsEverythingItHeld() {
        LogScanState state = everyFieldSet();
        byte[] bytes = state.toBytes();
        LogScanState read = LogScanState.fromBytes(bytes);
        assertArrayEquals(bytes, read.toBytes());
        assertEquals(state.dictionaries.methods, read.dictionaries.methods);
        assertEquals(state.dictionaries.threads, read.dictionaries.threads);
        assertEquals(state.dictionaries.texts, read.dictionaries.texts);
        assertEquals(state.dictionaries.userEventTypes(), read.dictionaries.userEventTypes());
        assertEquals(state.losses, read.losses);
        assertEquals(state.weaving, read.weaving);
        assertEquals(state.calibration, read.calibration);
        assertEquals(state.end, read.end);
        assertEquals(state.window, read.window);
        assertEquals(state.threadLastNanos, read.threadLastNanos);
        assertEquals(state.unwovenClasses, read.unwovenClasses);
        assertEquals(Arrays.asList(state.eventCount, state.logBytes, state.lastEventNanos, state.documentCount, state.namesDocumentCount,
                (long) state.headerChecksum, state.nextOffset), Arrays.asList(read.eventCount, read.logBytes, read.lastEventNanos,
                read.documentCount, read.namesDocumentCount, (long) read.headerChecksum, read.nextOffset));
        assertEquals("2026W48.cq4", read.nextFile);
        assertEquals(4100, read.eventFiles.get(1).documentAt);
    }

    @Test
    void anyDamagedByteOrLengthIsRefused() {
        LogScanState state = everyFieldSet();
        state.dictionaries.eventStrings.set(0, "short");
        byte[] bytes = state.toBytes();
        for (int at = 0; at < bytes.length; at++) {
            for (int bit = 0; bit < 8; bit += 3) {
                byte[] damaged = bytes.clone();
                damaged[at] ^= (byte) (1 << bit);
                assertThrows(RecordingException.class, () -> LogScanState.fromBytes(damaged), "bit " + bit + " of byte " + at);
            }
        }
        for (int length = 0; length < bytes.length; length++) {
            byte[] cut = Arrays.copyOf(bytes, length);
            assertThrows(RecordingException.class, () -> LogScanState.fromBytes(cut), "cut to " + length + " bytes");
        }
    }

    private static LogScanState everyFieldSet() {
        LogScanState state = new LogScanState();
        Dictionaries names = state.dictionaries;
        names.classes.add(new ClassInfo(1, "a.B"));
        names.methods.add(new MethodInfo(1, 1, "run", "(I)V", 9, "B.java", 12));
        names.sites.add(new SiteInfo(1, 1, 13, 1, true, 16));
        names.threads.add(new ThreadInfo(1, 7, "main", false, 5, 99));
        names.fields.add(new FieldInfo(1, 1, "next", "La/B;"));
        names.constants.add(new ConstantInfo(1, 1, "RED"));
        names.eventTypes.add("step");
        names.eventColumns.add(new UserEventColumn(1, 1, "label", 4));
        names.eventStrings.add("x".repeat(70_000)); // longer than writeUTF takes
        names.texts.put(-3L, "é");
        state.losses.add(new Loss(1, "full buffer", 3));
        state.warnings.add("a warning");
        state.unwovenClasses.add(new UnwovenClass("a.C", "loaded before the attach"));
        state.collections.add(new ReportedCollection(4, "Copy", "end of minor GC", "Allocation Failure", 30, 31, 32_500_000, -2_000_000, 0));
        state.deathsRecorded.add(new DeathsRecorded(33_000_000, 32_500_000));
        state.threadLastNanos.put(1, 99L);
        state.end = new RecordingEnd(100, 200, 3, 1);
        state.weaving = new WeavingSummary(1, 2, 3, 4, Map.of("too large", 2L), 40, 7);
        state.calibration = new Calibration(14.5, 6.25, 9.125, 40, 1_000_000);
        state.window = new RecordingWindow(10, 20);
        state.documentCount = 11;
        state.namesDocumentCount = 12;
        state.eventCount = 200;
        state.logBytes = 4096;
        state.lastEventNanos = 98;
        state.headerChecksum = 0xCAFE;
        state.eventFiles.add(new LogScanState.FileMark("2026W47.cq4"));
        LogScanState.FileMark last = new LogScanState.FileMark("2026W48.cq4");
        last.documentAt = 4100;
        last.documentLength = 300;
        last.documentChecksum = -5;
        state.eventFiles.add(last);
        state.nextFile = "2026W48.cq4";
        state.nextOffset = 4404;
        return state;
    }

    private static Set<String> fields(Class<?> type) {
        return Arrays.stream(type.getDeclaredFields()).filter(field -> !Modifier.isStatic(field.getModifiers()))
                .map(Field::getName).collect(Collectors.toSet());
    }
}
