package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/** {@code threads}: the recording's thread dictionary, with each thread's last event time from the log. */
public final class ThreadTable extends DictionaryTable {

    public ThreadTable(LiveRecording live) {
        super(live, TableCatalog.THREADS);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.threads()).select(thread -> new Object[] {
                (long) thread.id(), thread.javaThreadId(), thread.name(), thread.daemon(), thread.firstNanos(),
                thread.lastNanos()});
    }
}
