package org.profq.cli;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.profq.engine.api.ProgressDisplay;

/**
 * The index build's progress bar on stderr, shown only when stderr is a terminal (a console),
 * so tests and pipes print nothing; the engine decides when a build is slow enough to show.
 */
final class IndexProgressBar implements ProgressDisplay {
    @Override
    public ProgressDisplay.Bar start(String recording, long totalEvents) {
        if (System.console() == null) {
            return null;
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName("indexing " + recording)
                .setInitialMax(totalEvents)
                .setUnit(" M events", 1_000_000)
                .setStyle(ProgressBarStyle.ASCII)
                .continuousUpdate()
                .build();
        return new ProgressDisplay.Bar() {
            @Override
            public void eventsRead(long events) {
                bar.stepTo(events);
            }

            @Override
            public void close() {
                bar.close();
            }
        };
    }
}
