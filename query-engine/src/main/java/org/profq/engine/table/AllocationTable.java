package org.profq.engine.table;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.profq.recording.RecordedEvent.Allocation;
import org.profq.recording.Recording;

/** {@code allocations}: one row per allocation event, streamed from the event log. */
public final class AllocationTable extends RecordingTable {

    public AllocationTable(Recording recording) {
        super(recording, TableCatalog.ALLOCATIONS);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        return new EventScan(recording, () -> (event, rows) -> {
            if (event instanceof Allocation allocation) {
                rows.accept(new Object[] {
                        allocation.objectId(), (long) allocation.siteId(), (long) allocation.classId(),
                        (long) allocation.threadId(), idOrNull(allocation.callId()), allocation.timeNanos(),
                        allocation.sizeBytes(), allocation.arrayLength() < 0 ? null : allocation.arrayLength()});
            }
        });
    }
}
