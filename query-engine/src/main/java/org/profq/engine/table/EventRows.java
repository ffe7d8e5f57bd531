package org.profq.engine.table;

import java.util.function.Consumer;

import org.profq.recording.RecordedEvent;

/**
 * Turns a recording's event stream into a table's rows: each event gives zero or more rows,
 * and the end of the stream may give the last ones (e.g. calls still open). One instance
 * serves one scan, so it may keep per-scan state (bounded by threads and stack depth).
 */
interface EventRows {
    void accept(RecordedEvent event, Consumer<Object[]> rows);

    default void finish(Consumer<Object[]> rows) {
    }
}
