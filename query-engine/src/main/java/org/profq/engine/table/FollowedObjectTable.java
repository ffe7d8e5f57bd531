package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code followed_objects}: one row per object value profiles followed, read from the index's {@code followed_objects} columns. */
public final class FollowedObjectTable extends IndexedTable {

    public FollowedObjectTable(LiveRecording live) {
        super(live, TableCatalog.FOLLOWED_OBJECTS, IndexColumn.Table.FOLLOWED_OBJECTS);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.longs(index.column(FOLLOWED_OBJECT_ID)),
                ColumnReader.intIds(index.column(FOLLOWED_CLASS_ID)),
                ColumnReader.flag(index.column(FOLLOWED_SEEN_INTO), 1),
                ColumnReader.intIds(index.column(FOLLOWED_THREAD_ID)),
                ColumnReader.nullableIds(index.column(FOLLOWED_CALL_ID))};
    }
}
