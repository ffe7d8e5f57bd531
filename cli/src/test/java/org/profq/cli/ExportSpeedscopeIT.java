package org.profq.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.profq.cli.Forked.profq;
import static org.profq.cli.Forked.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.profq.cli.Forked.Outcome;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code profq export --format speedscope}: the calls of {@code Threads} (eight workers and main)
 * as speedscope's evented profiles, read back: a profile per thread, every frame closed in the
 * order it was opened, times never going back, and per method exactly the calls and the
 * inclusive time the {@code calls} table has.
 */
class ExportSpeedscopeIT {

    @Test
    void everyCallIsAFrameFromItsStartToItsEnd(@TempDir Path dir) throws Exception {
        Path recording = Recorded.sample("Threads");
        Outcome export = run(dir, profq("export", recording.toString(), "--format", "speedscope", "-o", "threads.json"));
        assertEquals(0, export.exitCode(), export::toString);
        assertEquals("", export.stderr());

        JsonNode file = new ObjectMapper().readTree(dir.resolve("threads.json").toFile());
        assertEquals("https://www.speedscope.app/file-format-schema.json", file.get("$schema").asText());
        JsonNode frames = file.at("/shared/frames");
        Map<String, long[]> seen = new HashMap<>(); // signature -> {calls, inclusive ns}
        int profiles = 0;
        for (JsonNode profile : file.get("profiles")) {
            profiles++;
            assertEquals("evented", profile.get("type").asText());
            assertEquals("nanoseconds", profile.get("unit").asText());
            Deque<long[]> open = new ArrayDeque<>(); // {frame, opened at}
            long last = Long.MIN_VALUE;
            for (JsonNode event : profile.get("events")) {
                long at = event.get("at").asLong();
                assertTrue(at >= last, "an event before the one before it in " + profile.get("name"));
                last = at;
                int frame = event.get("frame").asInt();
                if (event.get("type").asText().equals("O")) {
                    open.push(new long[] {frame, at});
                } else {
                    long[] opened = open.pop();
                    assertEquals(opened[0], frame, "a frame closed out of order in " + profile.get("name"));
                    long[] totals = seen.computeIfAbsent(frames.get(frame).get("name").asText(), name -> new long[2]);
                    totals[0]++;
                    totals[1] += at - opened[1];
                }
            }
            assertTrue(open.isEmpty(), "frames left open in " + profile.get("name"));
            assertEquals(profile.get("endValue").asLong(), last);
        }

        Map<String, long[]> expected = new HashMap<>();
        long calls = 0;
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT m.signature, COUNT(*), SUM(c.end_ns - c.start_ns) FROM calls c"
                     + " JOIN methods m ON m.method_id = c.method_id GROUP BY m.signature")) {
            while (rows.next()) {
                expected.put(rows.getString(1), new long[] {rows.getLong(2), rows.getLong(3)});
                calls += rows.getLong(2);
            }
        }
        assertEquals(9, profiles);
        assertEquals(expected.keySet(), seen.keySet());
        expected.forEach((signature, totals) -> assertEquals(List.of(totals[0], totals[1]), List.of(seen.get(signature)[0], seen.get(signature)[1]),
                signature));
        assertEquals("exported " + calls + " calls of 9 threads to threads.json as speedscope\n", export.stdout());
        assertFalse(Files.exists(dir.resolve("threads.json.partial")));
    }

    @Test
    void aSpeedscopeFileIsOneRecordingsCalls(@TempDir Path dir) throws Exception {
        String recording = Recorded.sample("Threads").toString();
        Outcome two = run(dir, profq("export", recording, recording, "--format", "speedscope", "-o", "two.json"));
        assertEquals(2, two.exitCode(), two::toString);
        assertTrue(two.stderr().contains("--format=speedscope writes one recording's calls to one file: name one recording,"
                + " without --tables or --views."), two::toString);
    }
}
