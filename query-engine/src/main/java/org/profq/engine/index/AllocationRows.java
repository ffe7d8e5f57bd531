package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.nio.file.Path;

/**
 * The rows of {@code allocations}: one per allocation event, in log order; and their totals per
 * site and per class ({@link AllocationTotals}), kept as its state so that they are committed
 * with the rows and an extension adds on to them.
 */
final class AllocationRows extends RowCollector {
    // Each column's array in a chunk, as constants: a row is written into the arrays directly.
    private static final int OBJECT_ID_AT = ALLOCATION_OBJECT_ID.position();
    private static final int SITE_ID_AT = ALLOCATION_SITE_ID.position();
    private static final int CLASS_ID_AT = ALLOCATION_CLASS_ID.position();
    private static final int THREAD_ID_AT = ALLOCATION_THREAD_ID.position();
    private static final int CALL_ID_AT = ALLOCATION_CALL_ID.position();
    private static final int ALLOC_NS_AT = ALLOCATION_ALLOC_NS.position();
    private static final int SIZE_BYTES_AT = ALLOCATION_SIZE_BYTES.position();
    private static final int ARRAY_LENGTH_AT = ALLOCATION_ARRAY_LENGTH.position();
    private static final int TRACKED_AT = ALLOCATION_TRACKED.position();
    private AllocationTotals totals = new AllocationTotals();

    AllocationRows() {
        super(Table.ALLOCATIONS);
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        RowChunk row = rows;
        long[][] columns = row.values;
        int r = row.rows;
        columns[OBJECT_ID_AT][r] = objectId;
        columns[SITE_ID_AT][r] = siteId;
        columns[CLASS_ID_AT][r] = classId;
        columns[THREAD_ID_AT][r] = threadId;
        columns[CALL_ID_AT][r] = callId;
        columns[ALLOC_NS_AT][r] = timeNanos;
        columns[SIZE_BYTES_AT][r] = sizeBytes;
        columns[ARRAY_LENGTH_AT][r] = arrayLength;
        columns[TRACKED_AT][r] = tracked ? 1 : 0;
        rows = rowWritten(row);
        totals.add(siteId, classId, sizeBytes, tracked);
    }

    @Override
    byte[] saveState() {
        return totals.toBytes();
    }

    @Override
    void restoreState(byte[] state, IndexManifest manifest, Path directory) throws IndexDamagedException {
        try {
            totals = AllocationTotals.fromBytes(state, manifest.rows(Table.ALLOCATIONS));
        } catch (IndexDamagedException e) {
            throw new IndexDamagedException(directory + ": " + e.getMessage());
        }
    }
}
