package org.profq.difftest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The wrong answers profq is known to give today ({@code known-failures.txt}), each a line
 * {@code <verdict> on <recording>: <SQL>} under a comment saying what is wrong. The SQL is the
 * check as it was generated ({@link TestCase#identity()}), not its minimised form: a timeout
 * minimises to another query on a machine of another speed, while the generated check depends
 * on the seed alone. An entry excuses only that check failing that way on that recording, so a
 * new wrong answer, even in the same query, still fails the tests. (A regression case or a
 * language form is named by the SQL it runs.)
 */
final class KnownFailures {
    private static final Pattern ENTRY = Pattern.compile("^(.+?) on (\\w+): (.+)$");

    /** One known failure: how it fails, on which recording, and the SQL of the check. */
    record Entry(String verdict, String recording, String sql) {
        boolean covers(String verdictLabel, String recordingName, String checkSql) {
            return verdict.equals(verdictLabel) && recording.equals(recordingName) && sql.equals(checkSql);
        }
    }

    private final List<Entry> entries;

    private KnownFailures(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    static KnownFailures read() throws IOException {
        List<Entry> entries = new ArrayList<>();
        try (InputStream in = KnownFailures.class.getResourceAsStream("known-failures.txt")) {
            if (in != null) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                    if (line.isBlank() || line.startsWith("#")) {
                        continue;
                    }
                    Matcher entry = ENTRY.matcher(line.strip());
                    if (!entry.matches()) {
                        throw new IllegalStateException("known-failures.txt: not '<verdict> on <recording>: <SQL>': " + line);
                    }
                    entries.add(new Entry(entry.group(1), entry.group(2), entry.group(3)));
                }
            }
        }
        return new KnownFailures(entries);
    }

    List<Entry> entries() {
        return entries;
    }

    /** Whether the check whose SQL is {@code sql} failing as {@code verdict} on {@code recording} is known. */
    boolean covers(Outcome.Verdict verdict, String recording, String sql) {
        return entries.stream().anyMatch(entry -> entry.covers(verdict.label(), recording, sql));
    }

    /** Whether any known failure on {@code recording} is of the check whose SQL is {@code sql}. */
    boolean names(String recording, String sql) {
        return entries.stream().anyMatch(entry -> entry.recording().equals(recording) && entry.sql().equals(sql));
    }
}
