package org.profq.engine.index;

import static org.profq.engine.index.IndexColumn.*;

import java.nio.file.Path;

/**
 * The rows of {@code allocations}: one per allocation event, in log order; and their totals per
 * site and per class ({@link AllocationTotals}), kept as its state so that they are committed
 * with the rows and an extension adds on to them.
 */
final class AllocationRows extends RowCollector {
    private AllocationTotals totals = new AllocationTotals();

    AllocationRows() {
        super(Table.ALLOCATIONS);
    }

    @Override
    public void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                          long sizeBytes, int arrayLength, boolean tracked) {
        RowChunk row = rows;
        row.put(ALLOCATION_OBJECT_ID, objectId);
        row.put(ALLOCATION_SITE_ID, siteId);
        row.put(ALLOCATION_CLASS_ID, classId);
        row.put(ALLOCATION_THREAD_ID, threadId);
        row.put(ALLOCATION_CALL_ID, callId);
        row.put(ALLOCATION_ALLOC_NS, timeNanos);
        row.put(ALLOCATION_SIZE_BYTES, sizeBytes);
        row.put(ALLOCATION_ARRAY_LENGTH, arrayLength);
        row.put(ALLOCATION_TRACKED, tracked ? 1 : 0);
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
