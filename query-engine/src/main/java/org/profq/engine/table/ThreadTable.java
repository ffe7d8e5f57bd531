package org.profq.engine.table;

import java.util.HashMap;
import java.util.Map;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.recording.EventReader;
import org.profq.recording.Recording;

/**
 * {@code threads}: the recording's thread dictionary. The reader does not keep a thread's
 * last event time, so the first scan streams the log once to find it and remembers one
 * number per thread.
 */
public final class ThreadTable extends RecordingTable {
    private Map<Integer, Long> lastNanos;

    public ThreadTable(Recording recording) {
        super(recording, TableCatalog.THREADS);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        Map<Integer, Long> last = lastEventNanosByThread();
        return Linq4j.asEnumerable(recording.threads()).select(thread -> new Object[] {
                (long) thread.id(), thread.javaThreadId(), thread.name(), thread.daemon(), thread.firstNanos(),
                last.getOrDefault(thread.id(), thread.firstNanos())});
    }

    private synchronized Map<Integer, Long> lastEventNanosByThread() {
        if (lastNanos == null) {
            Map<Integer, Long> last = new HashMap<>();
            try (EventReader events = recording.newEventReader()) {
                while (events.hasNext()) {
                    var event = events.next();
                    last.merge(event.threadId(), event.timeNanos(), Math::max);
                }
            }
            lastNanos = last;
        }
        return lastNanos;
    }
}
