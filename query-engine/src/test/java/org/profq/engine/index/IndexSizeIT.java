package org.profq.engine.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.profq.engine.testing.Rows;
import org.profq.engine.testing.SampleRecording;
import org.profq.recorder.Jdk;
import org.profq.recorder.SampleRun;
import org.profq.recording.Recording;

/**
 * The index of a recording, every table built, takes no more disk than the event log it is
 * built from (issue 16: it took 2.2–2.4 times as much): ids that grow by one, times that repeat
 * under the tick clock, depths and thread ids in runs, parents among their children, each
 * encoded for what it holds ({@code PackedLayout}), and nothing in {@code calls} that its calling
 * context already says ({@code IndexColumn}). Recorded with the default clock, as users record;
 * the sizes move a little from run to run with the ticks, so the bound is what is checked.
 *
 * <p>{@code Requests} has the shape of the 1 GB benchmark recording (a small call tree per
 * request): issue 23's six columns of {@code calls} (CPU time, the calls and allocations made in
 * and inside each call) took its index to 1.20 times its log (index format 11), which this
 * test fails on; the other samples stayed under it.
 */
class IndexSizeIT {
    private static final List<String> TABLES = List.of("calls", "allocations", "deaths", "exceptions", "uses");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "profq.samples.ManyEvents, 300000, 'events=calls:allocations:deaths:exceptions:uses,track=100'",
            "profq.samples.Requests, 300000, 'events=calls:allocations'",
            "profq.samples.Churn, '', 'events=calls:allocations:deaths:uses,track=1'",
            "profq.samples.Threads, '', 'events=calls:allocations'",
    })
    void everyTableTogetherIsNoLargerThanTheLog(String sample, String arguments, String options) throws Exception {
        Class<?> mainClass = Class.forName(sample);
        Path recording = SampleRecording.newDirectory(mainClass).resolve(mainClass.getSimpleName() + ".profq");
        SampleRun.Result run = arguments.isEmpty() ? SampleRun.record(Jdk.current(), recording, options, mainClass)
                : SampleRun.record(Jdk.current(), recording, options, mainClass, arguments);
        assertEquals(0, run.exitCode(), run.stderr());
        List<String> recorded = new ArrayList<>();
        try (Connection connection = Rows.connect(recording.toString())) {
            for (String table : TABLES) {
                List<List<Object>> count = Rows.queryOrRefusal(connection, "SELECT COUNT(*) FROM " + table); // builds its index
                if (!count.get(0).get(0).toString().startsWith("refused: ")) {
                    recorded.add(table); // the others' events were not recorded: they have no index
                }
            }
        }

        long logBytes;
        try (Recording opened = Recording.open(recording)) {
            logBytes = opened.logBytes();
        }
        Map<String, Long> tableBytes = new TreeMap<>();
        for (String table : recorded) {
            tableBytes.put(table, bytesUnder(recording.resolve(RecordingIndex.DIRECTORY).resolve(table)));
        }
        long indexBytes = bytesUnder(recording.resolve(RecordingIndex.DIRECTORY));
        System.out.printf("%s: log %,d bytes, index %,d bytes (%.2f of the log): %s%n", mainClass.getSimpleName(), logBytes,
                indexBytes, (double) indexBytes / logBytes, tableBytes);
        assertTrue(tableBytes.values().stream().allMatch(bytes -> bytes > 0), "every table was built: " + tableBytes);
        assertTrue(indexBytes <= logBytes, "the index (" + indexBytes + " bytes: " + tableBytes + ") is no larger than the log ("
                + logBytes + " bytes)");
    }

    private static long bytesUnder(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            long bytes = 0;
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                bytes += Files.size(file);
            }
            return bytes;
        }
    }
}
