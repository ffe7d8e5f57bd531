package org.profq.engine.table;

import java.util.ArrayDeque;
import java.util.Queue;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.schema.ScannableTable;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.EventReader;
import org.profq.recording.IgnoringEventVisitor;
import org.profq.recording.Recording;
import org.profq.recording.UserEventType;

/**
 * {@code event_<name>}: the events of one user-defined event type ({@code Profq.event}), one table
 * per name the program used. Not indexed: a scan decodes the log's batches one at a time and keeps
 * only this type's events, streaming (a recording larger than the heap can be read). User events
 * are few beside calls, so the columnar index's per-table files would cost more to build than
 * they save; a query that joins one with {@code calls} reads {@code calls} from the index.
 */
public final class UserEventTable extends RecordingTable implements ScannableTable {
    private final int eventTypeId;
    private final int[] columnIds;

    public UserEventTable(LiveRecording live, UserEventType type) {
        super(live, TableCatalog.userEvent(type));
        this.eventTypeId = type.id();
        this.columnIds = type.columns().stream().mapToInt(column -> column.id()).toArray();
    }

    /** How many columns the program had put when this table was made: a later event may add more. */
    public int userColumns() {
        return columnIds.length;
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        Recording recording = snapshot(root).recording();
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new Rows(recording);
            }
        };
    }

    /** The rows of one scan, decoded a batch at a time. */
    private final class Rows extends IgnoringEventVisitor implements Enumerator<Object[]> {
        private final Recording recording;
        private final Queue<Object[]> pending = new ArrayDeque<>();
        private EventReader reader;
        private Object[] current;

        Rows(Recording recording) {
            this.recording = recording;
            this.reader = recording.newEventReader();
        }

        @Override
        public Object[] current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            while (pending.isEmpty() && reader != null) {
                if (!reader.visitNextBatch(this)) {
                    close();
                }
            }
            current = pending.poll();
            return current != null;
        }

        @Override
        public void reset() {
            close();
            pending.clear();
            reader = recording.newEventReader();
        }

        @Override
        public void close() {
            if (reader != null) {
                reader.close();
                reader = null;
            }
        }

        @Override
        public void userEvent(int threadId, long callId, int typeId, long timeNanos, int valueCount, int[] columns,
                              long[] values) {
            if (typeId != eventTypeId) {
                return;
            }
            Object[] row = new Object[3 + columnIds.length];
            row[0] = (long) threadId;
            row[1] = idOrNull(callId);
            row[2] = timeNanos;
            for (int v = 0; v < valueCount; v++) {
                int at = position(columns[v]);
                if (at >= 0) {
                    row[3 + at] = recording.userEventValue(columns[v], values[v]);
                }
            }
            pending.add(row);
        }

        /** Where column {@code columnId} is in the row; -1 for a column added after this table was made. */
        private int position(int columnId) {
            for (int i = 0; i < columnIds.length; i++) {
                if (columnIds[i] == columnId) {
                    return i;
                }
            }
            return -1;
        }





    }
}
