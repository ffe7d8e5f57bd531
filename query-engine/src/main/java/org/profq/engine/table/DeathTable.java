package org.profq.engine.table;

import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code deaths}: one row per tracked object's death (or survival to the end), read from the index's {@code deaths} columns. */
public final class DeathTable extends IndexedTable {

    public DeathTable(LiveRecording live) {
        super(live, TableCatalog.DEATHS);
    }

    @Override
    public long rows(RecordingIndex index) {
        return index.deathRows();
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.longs(index.deathObjectId()),
                ColumnReader.longs(index.deathNanos()),
                ColumnReader.flag(index.deathAtExit(), 1)};
    }
}
