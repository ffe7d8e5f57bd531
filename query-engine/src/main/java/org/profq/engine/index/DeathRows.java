package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.recording.DeathKind;

/** The rows of {@code deaths}: one per tracked object's death (or survival to the end), in log order. */
final class DeathRows extends RowCollector {
    DeathRows() {
        super(Table.DEATHS);
    }

    @Override
    public void died(int threadId, long objectId, long timeNanos, DeathKind kind) {
        RowChunk row = rows;
        row.put(DEATH_OBJECT_ID, objectId);
        row.put(DEATH_NS, timeNanos);
        row.put(DEATH_AT_EXIT, kind.atExit() ? 1 : 0);
        Boolean reachable = kind.reachableAtExit();
        row.put(DEATH_REACHABLE_AT_EXIT, reachable == null ? -1 : reachable ? 1 : 0);
        rows = rowWritten(row);
    }
}
