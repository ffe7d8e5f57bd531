package org.profq.engine.api;

import java.util.Arrays;
import java.util.List;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.IndexProgress;
import org.profq.engine.index.RecordingIndex;
import org.profq.recording.Recording;

/**
 * Builds and extends a recording's index ahead of the first query: for a front end that indexes
 * while the program runs. A query builds what it reads by itself; this only moves the work earlier.
 */
public final class Indexing {
    /** Every table of the index: one pass over the new events extends them all. */
    private static final List<IndexColumn.Table> TABLES = Arrays.stream(IndexColumn.Table.values())
            .filter(table -> table.built() == table).toList();
    private static final List<IndexColumn.Table> ALL_BUT_CALLS = TABLES.stream()
            .filter(table -> table != IndexColumn.Table.CALLS).toList();

    private Indexing() {
    }

    /** Shows every later index build of this JVM on {@code display}; null shows none (the default, as in a JDBC client). */
    public static void showProgressOn(ProgressDisplay display) {
        IndexProgress.showOn(display == null ? null : (recording, totalEvents) -> {
            ProgressDisplay.Bar bar = display.start(recording, totalEvents);
            return bar == null ? null : new IndexProgress.Bar() {
                @Override
                public void eventsRead(long events) {
                    bar.eventsRead(events);
                }

                @Override
                public void close() {
                    bar.close();
                }
            };
        });
    }

    /**
     * Builds every table of {@code recording}'s index, or extends it with the events read since it
     * was last built; {@code calls} only when {@code withCalls} (its totals need the recording's
     * calibration, which a young recording may not have yet).
     */
    public static void extend(Recording recording, boolean withCalls) {
        RecordingIndex.of(recording, notice -> { }).prepare(withCalls ? TABLES : ALL_BUT_CALLS);
    }
}
