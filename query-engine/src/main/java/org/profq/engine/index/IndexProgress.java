package org.profq.engine.index;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.profq.recording.Recording;

/**
 * The progress bar of an index build, on stderr: shown only once the build has taken more
 * than a second, and only when stderr is a terminal (a console), so tests, pipes and quick
 * builds print nothing.
 */
final class IndexProgress implements AutoCloseable {
    private static final long SHOW_AFTER_NANOS = 1_000_000_000L;

    private final Recording recording;
    private final long startNanos = System.nanoTime();
    private final boolean console = System.console() != null;
    private ProgressBar bar;

    IndexProgress(Recording recording) {
        this.recording = recording;
    }

    void eventsRead(long events) {
        if (bar == null && console && System.nanoTime() - startNanos > SHOW_AFTER_NANOS) {
            bar = new ProgressBarBuilder()
                    .setTaskName("indexing " + recording.directory().getFileName())
                    .setInitialMax(recording.eventCount())
                    .setUnit(" M events", 1_000_000)
                    .setStyle(ProgressBarStyle.ASCII)
                    .continuousUpdate()
                    .build();
        }
        if (bar != null) {
            bar.stepTo(events);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.stepTo(recording.eventCount());
            bar.close();
        }
    }
}
