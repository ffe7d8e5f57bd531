package org.profq.difftest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A failure as a Markdown entry: the minimised SQL, the recording, profq's answer, the answer
 * it was held against, and profq's plan for it (EXPLAIN PLAN FOR); appended to a findings file
 * unless an entry with the same SQL is there already.
 */
public final class Findings {
    private static final int ROWS_SHOWN = 10;

    private Findings() {
    }

    public static String describe(DiffTester.Failure failure, RecordingUnderTest target) {
        Outcome outcome = failure.minimised().outcome();
        String sql = outcome.sql();
        StringBuilder text = new StringBuilder();
        text.append("### ").append(outcome.verdict().label()).append(" on `").append(failure.recording()).append("`\n\n");
        text.append("Found by seed ").append(failure.seed()).append(", check ").append(failure.index())
                .append(" (minimised from `").append(failure.test().identity()).append("`).\n\n");
        if (failure.test() instanceof TestCase.Language language) {
            text.append("Language statement: `").append(language.statement()).append("`\n\n");
        }
        text.append("```sql\n").append(sql).append("\n```\n\n");
        text.append("profq:\n```\n").append(outcome.profq() == null ? "" : outcome.profq().describe(ROWS_SHOWN)).append("\n```\n\n");
        if (outcome.reference() != null) {
            text.append(outcome.referenceName()).append(outcome.referenceSql() != null && !outcome.referenceSql().equals(sql)
                    ? " (`" + outcome.referenceSql() + "`)" : "").append(":\n```\n")
                    .append(outcome.reference().describe(ROWS_SHOWN)).append("\n```\n\n");
        }
        text.append("plan:\n```\n").append(target.plan(sql)).append("\n```\n");
        return text.toString();
    }

    /** Appends {@code failure} to {@code file} unless its minimised SQL is there already. */
    public static synchronized void append(Path file, DiffTester.Failure failure, RecordingUnderTest target) {
        try {
            String known = Files.isRegularFile(file) ? Files.readString(file) : "";
            String sql = failure.minimised().outcome().sql();
            if (known.contains("```sql\n" + sql + "\n```")) {
                return;
            }
            Files.writeString(file, (known.isEmpty() ? "" : "\n") + describe(failure, target), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
