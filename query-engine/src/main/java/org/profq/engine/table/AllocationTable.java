package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import java.util.List;

import org.profq.engine.index.AllocationTotals;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.KeyTotals;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.GroupTotals;
import org.profq.recording.Recording;

/** {@code allocations}: one row per allocation event, in log order, read from the index's {@code allocations} columns. */
public final class AllocationTable extends IndexedTable {

    /** Totals of size_bytes (6) and tracked (8) per site_id (1), and per class_id (2): the columns' places in {@link #reader}. */
    private static final GroupTotals.Columns BY_SITE = new GroupTotals.Columns(1, 6, 8);
    private static final GroupTotals.Columns BY_CLASS = new GroupTotals.Columns(2, 6, 8);

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

    /**
     * Per {@code site_id} and per {@code class_id}: the rows, the sum of {@code size_bytes} and the
     * rows {@code tracked}; the index adds them up as it writes the rows ({@link AllocationTotals}).
     */
    @Override
    public List<GroupTotals.Columns> totalsColumns() {
        return List.of(BY_SITE, BY_CLASS);
    }

    @Override
    GroupTotals totals(StoredColumns index, GroupTotals.Columns columns) {
        AllocationTotals allocations = index.allocationTotals();
        KeyTotals byKey = allocations == null ? null : columns.equals(BY_SITE) ? allocations.bySite()
                : columns.equals(BY_CLASS) ? allocations.byClass() : null;
        if (byKey == null || !byKey.kept()) {
            return null;
        }
        int groups = byKey.keys();
        long[] keys = new long[groups];
        long[] objects = new long[groups];
        long[] bytes = new long[groups];
        long[] tracked = new long[groups];
        for (int i = 0; i < groups; i++) {
            int key = byKey.key(i);
            keys[i] = key;
            objects[i] = byKey.objects(key);
            bytes[i] = byKey.bytes(key);
            tracked[i] = byKey.tracked(key);
        }
        return new GroupTotals(keys, objects, bytes, tracked);
    }

    /** Column 0, {@code object_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
