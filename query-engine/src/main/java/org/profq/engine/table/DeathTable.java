package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code deaths}: one row per tracked object's death (or survival to the end), read from the index's {@code deaths} columns. */
public final class DeathTable extends IndexedTable {

    public DeathTable(LiveRecording live) {
        super(live, TableCatalog.DEATHS, IndexColumn.Table.DEATHS);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.longs(index.column(DEATH_OBJECT_ID)),
                ColumnReader.longs(index.column(DEATH_NS)),
                ColumnReader.flag(index.column(DEATH_AT_EXIT), 1)};
    }
}
