package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

/** {@code followed_objects}: one row per object value profiles followed, read from the index's {@code followed_objects} columns. */
public final class FollowedObjectTable extends IndexedTable {

    public FollowedObjectTable(LiveRecording live) {
        super(live, TableCatalog.FOLLOWED_OBJECTS, IndexColumn.Table.FOLLOWED_OBJECTS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(FOLLOWED_OBJECT_ID));
            case 1 -> ColumnReader.intIds(index.column(FOLLOWED_CLASS_ID));
            case 2 -> ColumnReader.flag(index.column(FOLLOWED_SEEN_INTO), 1);
            case 3 -> ColumnReader.intIds(index.column(FOLLOWED_THREAD_ID));
            case 4 -> ColumnReader.nullableIds(index.column(FOLLOWED_CALL_ID));
            default -> throw new IndexOutOfBoundsException(column);
        };
    }
}
