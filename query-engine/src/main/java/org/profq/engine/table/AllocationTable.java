package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.SiteTotals;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.GroupTotals;
import org.profq.recording.Recording;

/** {@code allocations}: one row per allocation event, in log order, read from the index's {@code allocations} columns. */
public final class AllocationTable extends IndexedTable {

    private static final GroupTotals.Columns SITE_TOTALS = new GroupTotals.Columns(1, 6, 8);

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

    /** {@code site_id}, {@code size_bytes} and {@code tracked}: the index adds them up per site as it writes the rows. */
    @Override
    public GroupTotals.Columns totalsColumns() {
        return SITE_TOTALS;
    }

    @Override
    GroupTotals totals(StoredColumns index) {
        SiteTotals sites = index.siteTotals();
        if (sites == null) {
            return null;
        }
        int groups = sites.sites();
        long[] keys = new long[groups];
        long[] objects = new long[groups];
        long[] bytes = new long[groups];
        long[] tracked = new long[groups];
        for (int i = 0; i < groups; i++) {
            int site = sites.site(i);
            keys[i] = site;
            objects[i] = sites.objects(site);
            bytes[i] = sites.bytes(site);
            tracked[i] = sites.tracked(site);
        }
        return new GroupTotals(keys, objects, bytes, tracked);
    }

    /** Column 0, {@code object_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
