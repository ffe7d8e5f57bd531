package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.Compensation;
import org.profq.engine.index.ContextPaths;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.ContextTotals;
import org.profq.recording.Calibration;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;

/**
 * {@code calls}: one row per method execution, in the order calls end (calls still running
 * when the recording ended come last), read from the index's {@code calls} columns.
 * {@code duration_ns} is end minus start; {@code stack} is named from the call's calling
 * context only for queries that read it; {@code overhead_ns} and {@code self_overhead_ns} are
 * worked out from the call's event counts and the recording's calibration
 * ({@code DOC_CALIBRATION}) as they are read, so that the time views' compensation is a scan
 * of this table's columns (no join that would hold calls). Some columns are read back from what
 * the index keeps of them ({@link IndexColumn}): {@code method_id} is the calling context's,
 * {@code depth} the context's and what {@code depth_beyond_context} adds, {@code calls_inside} and
 * {@code allocations_inside} what the call made and what its callees did. A filterless
 * {@code GROUP BY} of method_id, depth, stack or outermost of counts, sums and maxima of
 * duration_ns and self_ns is answered from the index's totals per calling context ({@link CallContextTotals}).
 */
public final class CallTable extends IndexedTable {
    /** duration_ns (7) and self_ns (8) are measures 6 and 7 of the totals; keyed by method_id, depth, stack, outermost. */
    private static final ContextTotals.Columns CONTEXT_TOTALS = new ContextTotals.Columns(
            new int[] {-1, -1, -1, -1, -1, -1, -1, 6, 7}, new int[] {2, 4, 12, 11}, 11, 3);

    public CallTable(LiveRecording live) {
        super(live, TableCatalog.CALLS, IndexColumn.Table.CALLS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(CALL_ID));
            case 1 -> ColumnReader.intIds(index.column(CALL_THREAD_ID));
            case 2 -> methodId(index);
            case 3 -> ColumnReader.nullableIds(index.column(CALL_PARENT_CALL_ID));
            case 4 -> depth(index);
            case 5 -> ColumnReader.longs(index.column(CALL_START_NS));
            case 6 -> ColumnReader.longs(index.column(CALL_END_NS));
            case 7 -> duration(index);
            case 8 -> ColumnReader.longs(index.column(CALL_SELF_NS));
            case 9 -> ColumnReader.flag(index.column(CALL_FLAGS), THREW);
            case 10 -> ColumnReader.flag(index.column(CALL_FLAGS), FINISHED);
            case 11 -> ColumnReader.flag(index.column(CALL_FLAGS), OUTERMOST);
            case 12 -> stack(index, recording);
            case 13 -> ColumnReader.longs(index.column(CALL_CPU_NS));
            case 14 -> ColumnReader.longs(index.column(CALL_SELF_CPU_NS));
            case 15 -> ColumnReader.longs(index.column(CALL_CALLS_MADE));
            case 16 -> ColumnReader.sum(callsInside(index)[0], callsInside(index)[1]);
            case 17 -> ColumnReader.longs(index.column(CALL_ALLOCATIONS_MADE));
            case 18 -> ColumnReader.sum(allocationsInside(index)[0], allocationsInside(index)[1]);
            case 19 -> overhead(index, recording);
            case 20 -> selfOverhead(index, recording);
            default -> throw new IndexOutOfBoundsException(column);
        };
    }

    /** {@code method_id}: the calling context's. */
    static ColumnReader methodId(StoredColumns index) {
        ContextPaths contexts = index.contextPaths();
        return ColumnReader.intIdsByKey(index.column(CALL_CONTEXT), contexts::method);
    }

    /** {@code depth}: the calling context's, and what the call's is beyond it. */
    static ColumnReader depth(StoredColumns index) {
        ContextPaths contexts = index.contextPaths();
        return ColumnReader.intsByKey(index.column(CALL_CONTEXT), contexts::depth, index.column(CALL_DEPTH_BEYOND_CONTEXT));
    }

    /** {@code stack}: the calling context's path of signatures. */
    static ColumnReader stack(StoredColumns index, Recording recording) {
        ContextPaths contexts = index.contextPaths();
        return ColumnReader.text(index.column(CALL_CONTEXT),
                context -> contexts.stack((int) context, methodId -> Signatures.of(recording, methodId)));
    }

    /** {@code duration_ns}: end minus start. */
    static ColumnReader duration(StoredColumns index) {
        return ColumnReader.difference(index.column(CALL_END_NS), index.column(CALL_START_NS));
    }

    /** {@code overhead_ns}: the calibrated cost of the advice for the events inside the call. */
    static ColumnReader overhead(StoredColumns index, Recording recording) {
        Calibration cost = calibration(recording);
        return ColumnReader.weightedSum(cost.callInsideNanos(), new double[] {cost.callCostNanos(), cost.allocationCostNanos()},
                callsInside(index), allocationsInside(index));
    }

    /** {@code self_overhead_ns}: the part of it in the call's own code. */
    static ColumnReader selfOverhead(StoredColumns index, Recording recording) {
        Calibration cost = calibration(recording);
        return ColumnReader.weightedSum(cost.callInsideNanos(),
                new double[] {cost.callCostNanos() - cost.callInsideNanos(), cost.allocationCostNanos()},
                new MappedColumn[] {index.column(CALL_CALLS_MADE)}, new MappedColumn[] {index.column(CALL_ALLOCATIONS_MADE)});
    }

    @Override
    public ContextTotals.Columns contextTotalsColumns() {
        return CONTEXT_TOTALS;
    }

    @Override
    ContextTotals contextTotals(StoredColumns index, Recording recording, int[] keyColumns) {
        return CallContextTotals.of(index, recording, CONTEXT_TOTALS, keyColumns);
    }

    /** The columns {@code calls_inside} is the sum of: the calls it made, and those its callees made (0 for most calls). */
    private static MappedColumn[] callsInside(StoredColumns index) {
        return new MappedColumn[] {index.column(CALL_CALLS_MADE), index.column(CALL_CALLS_IN_CALLEES)};
    }

    /** The columns {@code allocations_inside} is the sum of: the allocations it made, and those its callees made. */
    private static MappedColumn[] allocationsInside(StoredColumns index) {
        return new MappedColumn[] {index.column(CALL_ALLOCATIONS_MADE), index.column(CALL_ALLOCATIONS_IN_CALLEES)};
    }

    /**
     * What the advice cost per call and allocation, in whole ns; none where it was not measured (an older
     * recording, or a program that ended before the calibration did), so that nothing is taken off.
     */
    static Calibration calibration(Recording recording) {
        return Compensation.of(recording).calibration();
    }

    /** Column 0, {@code call_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
