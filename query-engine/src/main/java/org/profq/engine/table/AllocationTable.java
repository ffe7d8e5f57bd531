package org.profq.engine.table;

import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code allocations}: one row per allocation event, in log order, read from the index's {@code allocations} columns. */
public final class AllocationTable extends IndexedTable {

    public AllocationTable(LiveRecording live) {
        super(live, TableCatalog.ALLOCATIONS);
    }

    @Override
    public long rows(RecordingIndex index) {
        return index.allocationRows();
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.longs(index.allocationObjectId()),
                ColumnReader.intIds(index.allocationSiteId()),
                ColumnReader.intIds(index.allocationClassId()),
                ColumnReader.intIds(index.allocationThreadId()),
                ColumnReader.nullableIds(index.allocationCallId()),
                ColumnReader.longs(index.allocationNanos()),
                ColumnReader.longs(index.allocationSizeBytes()),
                ColumnReader.nullableInts(index.allocationArrayLength()),
                ColumnReader.flag(index.allocationTracked(), 1)};
    }
}
