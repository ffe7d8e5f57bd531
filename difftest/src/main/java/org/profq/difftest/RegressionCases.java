package org.profq.difftest;

import java.util.ArrayList;
import java.util.List;

/**
 * Minimised failing queries with their right answers, as a text file a test replays
 * ({@code regressions.txt}). Each case is a header line, the SQL (one line), a line
 * {@code -- expected}, then the expected rows one a line in {@link Rows}' format:
 * <pre>
 * == values | unordered | wrong vs plain, seed 2 check 17
 * SELECT COUNT(*) FROM params AS p JOIN calls AS c ON c.call_id = p.call_id
 * -- expected
 * 100
 * </pre>
 * The expected rows are DuckDB's over the Parquet export, where {@code planner=plain} agreed.
 * Lines starting with {@code #} are comments.
 */
public final class RegressionCases {
    /** One case: the recording it runs on, its SQL, whether the rows' order counts, its expected rows, and where it came from. */
    public record Case(String recording, String sql, boolean ordered, List<List<Object>> expected, String origin) {
        public String text() {
            StringBuilder text = new StringBuilder("== ").append(recording).append(" | ").append(ordered ? "ordered" : "unordered")
                    .append(" | ").append(origin).append('\n').append(sql).append("\n-- expected\n");
            for (List<Object> row : expected) {
                text.append(Rows.format(row)).append('\n');
            }
            return text.toString();
        }

        public Answer expectedAnswer() {
            return Answer.ofRows(expected);
        }
    }

    private RegressionCases() {
    }

    public static List<Case> parse(String text) {
        List<Case> cases = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        int at = 0;
        while (at < lines.length) {
            String line = lines[at];
            if (!line.startsWith("== ")) {
                at++;
                continue;
            }
            String[] header = line.substring(3).split(" \\| ", 3);
            String sql = lines[at + 1].strip();
            if (!lines[at + 2].equals("-- expected")) {
                throw new IllegalArgumentException("line " + (at + 3) + ": '-- expected' after the SQL, not '" + lines[at + 2] + "'");
            }
            List<List<Object>> rows = new ArrayList<>();
            at += 3;
            while (at < lines.length && !lines[at].startsWith("== ") && !lines[at].startsWith("#")) {
                if (!lines[at].isEmpty()) {
                    rows.add(Rows.parse(lines[at]));
                }
                at++;
            }
            cases.add(new Case(header[0].strip(), sql, header[1].strip().equals("ordered"), rows, header.length > 2 ? header[2].strip() : ""));
        }
        return cases;
    }

    /**
     * The regression case of a failure, with DuckDB's answer to its minimised SQL as the right
     * one; null when DuckDB cannot answer it or the failure is a metamorphic one whose SQL
     * DuckDB answered like profq (then the regression is the relation, kept in the findings).
     */
    public static Case of(DiffTester.Failure failure, RecordingUnderTest target) {
        Outcome outcome = failure.minimised().outcome();
        String sql = outcome.sql();
        boolean ordered = failure.minimised().test() instanceof TestCase.Differential differential && differential.query().fullyOrdered();
        Answer right = target.duckdb().run(sql);
        if (right.failed()) {
            return null;
        }
        return new Case(failure.recording(), sql, ordered, right.rows(),
                outcome.verdict().label() + ", seed " + failure.seed() + " check " + failure.index());
    }
}
