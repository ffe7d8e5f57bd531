package org.profq.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A baseline file writes each calling context after the one before it, sharing the frames they
 * have in common, and reads back exactly the counts written; a line that claims more shared
 * frames than the context before it had is refused with its line number.
 */
class BaselineFileTest {
    @TempDir
    Path directory;

    @Test
    void contextsShareTheFramesOfTheLineBeforeAndReadBackAsWritten() throws IOException {
        SortedMap<String, Long> contexts = new TreeMap<>(Map.of(
                "A.main(java.lang.String[])", 1L,
                "A.main(java.lang.String[]);A.read(int)", 3L,
                "A.main(java.lang.String[]);A.read(int);A.check(int)", 3L,
                "A.main(java.lang.String[]);A.write(int);A.check(int)", 2L,
                "B.run()", 1L,
                "B.run();A.check(int)", 4L));
        SortedMap<String, Long> calls = new TreeMap<>(Map.of("A.check(int)", 9L));
        Map<CountKind, SortedMap<String, Long>> counts = new EnumMap<>(CountKind.class);
        counts.put(CountKind.CALLS, calls);
        counts.put(CountKind.CONTEXTS, contexts);
        Path file = directory.resolve("a.baseline");

        BaselineFile.write(new ExactCounts(counts), file);

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(List.of(
                "calls\t9\tA.check(int)",
                "contexts\t1\tA.main(java.lang.String[])",
                "contexts\t3\t^1;A.read(int)",
                "contexts\t3\t^2;A.check(int)",
                "contexts\t2\t^1;A.write(int);A.check(int)",
                "contexts\t1\tB.run()",
                "contexts\t4\t^1;A.check(int)"), lines.subList(2, lines.size()));
        ExactCounts read = BaselineFile.read(file);
        assertEquals(contexts, read.of(CountKind.CONTEXTS));
        assertEquals(calls, read.of(CountKind.CALLS));
    }

    @Test
    void aLineSharingMoreFramesThanTheContextBeforeItIsRefused() throws IOException {
        Path file = directory.resolve("bad.baseline");
        Files.write(file, List.of("# counted: contexts", "contexts\t1\tA.main()", "contexts\t2\t^2;A.read(int)"), StandardCharsets.UTF_8);

        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> BaselineFile.read(file));

        assertTrue(refused.getMessage().startsWith("line 3 of " + file + " shares more frames"), refused.getMessage());
    }
}
