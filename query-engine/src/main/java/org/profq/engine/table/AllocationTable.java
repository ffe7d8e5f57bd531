package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code allocations}: one row per allocation event, in log order, read from the index's {@code allocations} columns. */
public final class AllocationTable extends IndexedTable {

    public AllocationTable(LiveRecording live) {
        super(live, TableCatalog.ALLOCATIONS, IndexColumn.Table.ALLOCATIONS);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.longs(index.column(ALLOCATION_OBJECT_ID)),
                ColumnReader.intIds(index.column(ALLOCATION_SITE_ID)),
                ColumnReader.intIds(index.column(ALLOCATION_CLASS_ID)),
                ColumnReader.intIds(index.column(ALLOCATION_THREAD_ID)),
                ColumnReader.nullableIds(index.column(ALLOCATION_CALL_ID)),
                ColumnReader.longs(index.column(ALLOCATION_ALLOC_NS)),
                ColumnReader.longs(index.column(ALLOCATION_SIZE_BYTES)),
                ColumnReader.nullableInts(index.column(ALLOCATION_ARRAY_LENGTH)),
                ColumnReader.flag(index.column(ALLOCATION_TRACKED), 1)};
    }

    /** Column 0, {@code object_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
