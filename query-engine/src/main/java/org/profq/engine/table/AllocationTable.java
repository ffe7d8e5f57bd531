package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

/** {@code allocations}: one row per allocation event, in log order, read from the index's {@code allocations} columns. */
public final class AllocationTable extends IndexedTable {

    public AllocationTable(LiveRecording live) {
        super(live, TableCatalog.ALLOCATIONS, IndexColumn.Table.ALLOCATIONS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(ALLOCATION_OBJECT_ID));
            case 1 -> ColumnReader.intIds(index.column(ALLOCATION_SITE_ID));
            case 2 -> ColumnReader.intIds(index.column(ALLOCATION_CLASS_ID));
            case 3 -> ColumnReader.intIds(index.column(ALLOCATION_THREAD_ID));
            case 4 -> ColumnReader.nullableIds(index.column(ALLOCATION_CALL_ID));
            case 5 -> ColumnReader.longs(index.column(ALLOCATION_ALLOC_NS));
            case 6 -> ColumnReader.longs(index.column(ALLOCATION_SIZE_BYTES));
            case 7 -> ColumnReader.nullableInts(index.column(ALLOCATION_ARRAY_LENGTH));
            case 8 -> ColumnReader.flag(index.column(ALLOCATION_TRACKED), 1);
            default -> throw new IndexOutOfBoundsException(column);
        };
    }

    /** Column 0, {@code object_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
