package org.profq.junit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.opentest4j.AssertionFailedError;
import org.profq.check.BaselineFile;
import org.profq.check.CountComparison;
import org.profq.check.CountComparison.Difference;
import org.profq.check.ExactCounts;

/**
 * A test window's counts against its baseline file, by {@code profq check}'s default rule: no
 * count may grow. With {@code -Dprofq.updateBaselines=true} the file is written from the window
 * instead, to commit beside the test.
 */
final class BaselineCheck {
    /** The system property that writes every baseline from its test's window. */
    static final String UPDATE = "profq.updateBaselines";

    private BaselineCheck() {
    }

    static void check(Path baseline, ExactCounts window) {
        if (Boolean.getBoolean(UPDATE)) {
            write(baseline, window);
            return;
        }
        if (!Files.isRegularFile(baseline)) {
            throw new AssertionFailedError("profq: there is no baseline " + baseline + "; run the test with -D" + UPDATE
                    + "=true to write it from the test's counts, and commit it");
        }
        CountComparison comparison;
        try {
            comparison = CountComparison.of(BaselineFile.read(baseline), window);
        } catch (IOException e) {
            throw new UncheckedIOException("profq: cannot read the baseline " + baseline, e);
        } catch (IllegalArgumentException e) {
            throw new AssertionFailedError("profq: " + baseline + ": " + e.getMessage());
        }
        List<Difference> grown = comparison.grown();
        if (!grown.isEmpty()) {
            throw new AssertionFailedError(diff(baseline, comparison, grown.size()));
        }
    }

    private static void write(Path baseline, ExactCounts window) {
        try {
            Path parent = baseline.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            BaselineFile.write(window, baseline);
        } catch (IOException e) {
            throw new UncheckedIOException("profq: cannot write the baseline " + baseline, e);
        }
    }

    /** The differences as {@code profq check} lists them: every count that differs, those that grew first. */
    static String diff(Path baseline, CountComparison comparison, int grew) {
        List<List<String>> rows = new java.util.ArrayList<>();
        rows.add(List.of("count", "baseline", "current", "change", "subject"));
        for (Difference difference : comparison.differences()) {
            rows.add(List.of(difference.kind().word(), String.format("%,d", difference.baseline()), String.format("%,d", difference.current()),
                    String.format("%+,d", difference.change()), difference.subject()));
        }
        int[] widths = new int[4];
        rows.forEach(row -> {
            for (int column = 0; column < widths.length; column++) {
                widths[column] = Math.max(widths[column], row.get(column).length());
            }
        });
        StringBuilder text = new StringBuilder(String.format("profq: %d exact count%s grew over the baseline %s"
                + " (if that is meant, run the test with -D%s=true and commit the file):", grew, grew == 1 ? "" : "s", baseline, UPDATE));
        for (List<String> row : rows) {
            text.append(String.format("%n  %-" + widths[0] + "s  %" + widths[1] + "s  %" + widths[2] + "s  %" + widths[3] + "s  %s",
                    row.get(0), row.get(1), row.get(2), row.get(3), row.get(4)));
        }
        return text.toString();
    }
}
