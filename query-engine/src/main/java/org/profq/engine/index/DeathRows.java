package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

/** The rows of {@code deaths}: one per tracked object's death (or survival to the end), in log order. */
final class DeathRows extends RowCollector {
    DeathRows() {
        super(Table.DEATHS);
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, boolean atExit) {
        RowChunk row = rows;
        row.put(DEATH_OBJECT_ID, objectId);
        row.put(DEATH_NS, timeNanos);
        row.put(DEATH_AT_EXIT, atExit ? 1 : 0);
        rows = rowWritten(row);
    }
}
