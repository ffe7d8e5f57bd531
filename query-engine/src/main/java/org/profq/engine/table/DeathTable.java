package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

/**
 * {@code deaths}: one row per tracked object's death (or survival to the end), read from the index's
 * {@code deaths} columns; the bound by the collection that found it is worked out from the death's
 * time and the recording's collections ({@link DeathBounds}), and so is the bound from below by the
 * collections it survived.
 */
public final class DeathTable extends IndexedTable {

    public DeathTable(LiveRecording live) {
        super(live, TableCatalog.DEATHS, IndexColumn.Table.DEATHS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(DEATH_OBJECT_ID));
            case 1 -> ColumnReader.longs(index.column(DEATH_NS));
            case 2 -> ColumnReader.flag(index.column(DEATH_AT_EXIT), 1);
            case 3 -> ColumnReader.nullableFlag(index.column(DEATH_REACHABLE_AT_EXIT));
            case 4 -> ColumnReader.computedLongs(index.column(DEATH_NS), index.column(DEATH_AT_EXIT), bounds(recording)::diedBy);
            case 5 -> ColumnReader.computedLongs(index.column(DEATH_NS), index.column(DEATH_AT_EXIT), bounds(recording)::foundBy);
            case 6 -> ColumnReader.computedLongs(index.column(DEATH_NS), index.column(DEATH_AT_EXIT), bounds(recording)::diedAfter);
            case 7 -> ColumnReader.computedLongs(index.column(DEATH_NS), index.column(DEATH_AT_EXIT),
                    bounds(recording)::survivedCollection);
            default -> throw new IndexOutOfBoundsException(column);
        };
    }

    private static DeathBounds bounds(Recording recording) {
        return new DeathBounds(recording.collections(), recording.survivedCollections());
    }
}
