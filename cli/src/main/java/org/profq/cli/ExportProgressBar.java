package org.profq.cli;

import java.util.function.LongConsumer;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * An export's progress bar on stderr, one per table of a recording, in millions of rows;
 * shown only when stderr is a terminal (as {@link IndexProgressBar}), so pipes and tests get
 * nothing, and only for tables big enough to take a while.
 */
final class ExportProgressBar implements AutoCloseable {
    /** Tables smaller than this are written in well under a second: no bar. */
    private static final long SHOWN_FROM_ROWS = 1_000_000;

    private final ProgressBar bar;

    private ExportProgressBar(ProgressBar bar) {
        this.bar = bar;
    }

    /** Whether a bar could be shown at all: counting a table's rows first is worth it only then. */
    static boolean wanted() {
        return System.console() != null;
    }

    /** A bar for {@code task} of {@code rows} rows, or one that shows nothing. */
    static ExportProgressBar start(String task, long rows) {
        if (!wanted() || rows < SHOWN_FROM_ROWS) {
            return new ExportProgressBar(null);
        }
        return new ExportProgressBar(new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(rows)
                .setUnit(" M rows", 1_000_000)
                .setStyle(ProgressBarStyle.ASCII)
                .continuousUpdate()
                .build());
    }

    /** Told the rows written so far. */
    LongConsumer rowsWritten() {
        return rows -> {
            if (bar != null) {
                bar.stepTo(rows);
            }
        };
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
