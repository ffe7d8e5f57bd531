package org.profq.engine.table;

import java.util.ArrayDeque;
import java.util.function.Supplier;

import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.profq.recording.EventReader;
import org.profq.recording.Recording;

/**
 * A streaming scan: an {@link Enumerable} whose every enumerator opens its own
 * {@link EventReader} and pulls events only as Calcite asks for rows, so a table is never
 * held on the heap. Closing the enumerator closes the reader.
 */
final class EventScan extends AbstractEnumerable<Object[]> {
    private final Recording recording;
    private final Supplier<EventRows> rowsPerScan;

    EventScan(Recording recording, Supplier<EventRows> rowsPerScan) {
        this.recording = recording;
        this.rowsPerScan = rowsPerScan;
    }

    @Override
    public Enumerator<Object[]> enumerator() {
        return new RowEnumerator(recording.newEventReader(), rowsPerScan.get());
    }

    private static final class RowEnumerator implements Enumerator<Object[]> {
        private final EventReader events;
        private final EventRows rows;
        private final ArrayDeque<Object[]> pending = new ArrayDeque<>();
        private Object[] current;
        private boolean finished;

        RowEnumerator(EventReader events, EventRows rows) {
            this.events = events;
            this.rows = rows;
        }

        @Override
        public Object[] current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            while (pending.isEmpty()) {
                if (events.hasNext()) {
                    rows.accept(events.next(), pending::add);
                } else if (!finished) {
                    finished = true;
                    rows.finish(pending::add);
                } else {
                    current = null;
                    return false;
                }
            }
            current = pending.poll();
            return true;
        }

        @Override
        public void reset() {
            throw new UnsupportedOperationException("a recording scan cannot be rewound; start a new one");
        }

        @Override
        public void close() {
            events.close();
        }
    }
}
