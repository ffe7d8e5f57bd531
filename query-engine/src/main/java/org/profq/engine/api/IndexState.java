package org.profq.engine.api;

import java.util.Optional;

import org.profq.engine.index.IndexCoverage;
import org.profq.recording.EventCounts;

/**
 * How much of a recording its index on disk covers, and the events it counted by kind, read from
 * the index's manifests alone: what {@code profq info} and {@code profq record}'s summary say of
 * the index, without building any of it.
 */
public final class IndexState {
    private final IndexCoverage coverage;

    IndexState(IndexCoverage coverage) {
        this.coverage = coverage;
    }

    /** Whether every table of the index is built and holds every event of the recording as opened. */
    public boolean complete() {
        return coverage.complete();
    }

    /** Whether any table of the index is built (perhaps from fewer events than the recording holds now). */
    public boolean anyTable() {
        return coverage.anyTable();
    }

    /** The tables of an index. */
    public int tables() {
        return coverage.tables();
    }

    /** The tables built from this recording, whole or from fewer events than it holds now. */
    public int tablesBuilt() {
        return coverage.tablesBuilt();
    }

    /** Bytes of the log that a query of every table would still have to index. */
    public long logBytesLeft() {
        return coverage.logBytesLeft();
    }

    /** The events of each kind in the recording as opened; empty when counting them would read more than {@code readAtMostBytes} of the log. */
    public Optional<EventCounts> eventCounts(long readAtMostBytes) {
        return coverage.eventCounts(readAtMostBytes);
    }
}
