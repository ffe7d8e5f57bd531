package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.ContextPaths;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.MappedColumn;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Calibration;
import org.profq.recording.Recording;

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
 * {@code allocations_inside} what the call made and what its callees did.
 */
public final class CallTable extends IndexedTable {

    public CallTable(LiveRecording live) {
        super(live, TableCatalog.CALLS, IndexColumn.Table.CALLS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(CALL_ID));
            case 1 -> ColumnReader.intIds(index.column(CALL_THREAD_ID));
            case 2 -> {
                ContextPaths contexts = index.contextPaths();
                yield ColumnReader.intIdsByKey(index.column(CALL_CONTEXT), contexts::method);
            }
            case 3 -> ColumnReader.nullableIds(index.column(CALL_PARENT_CALL_ID));
            case 4 -> {
                ContextPaths contexts = index.contextPaths();
                yield ColumnReader.intsByKey(index.column(CALL_CONTEXT), contexts::depth, index.column(CALL_DEPTH_BEYOND_CONTEXT));
            }
            case 5 -> ColumnReader.longs(index.column(CALL_START_NS));
            case 6 -> ColumnReader.longs(index.column(CALL_END_NS));
            case 7 -> ColumnReader.difference(index.column(CALL_END_NS), index.column(CALL_START_NS));
            case 8 -> ColumnReader.longs(index.column(CALL_SELF_NS));
            case 9 -> ColumnReader.flag(index.column(CALL_FLAGS), THREW);
            case 10 -> ColumnReader.flag(index.column(CALL_FLAGS), FINISHED);
            case 11 -> ColumnReader.flag(index.column(CALL_FLAGS), OUTERMOST);
            case 12 -> {
                ContextPaths contexts = index.contextPaths();
                yield ColumnReader.text(index.column(CALL_CONTEXT),
                        context -> contexts.stack((int) context, methodId -> Signatures.of(recording, methodId)));
            }
            case 13 -> ColumnReader.longs(index.column(CALL_CPU_NS));
            case 14 -> ColumnReader.longs(index.column(CALL_SELF_CPU_NS));
            case 15 -> ColumnReader.longs(index.column(CALL_CALLS_MADE));
            case 16 -> ColumnReader.sum(callsInside(index)[0], callsInside(index)[1]);
            case 17 -> ColumnReader.longs(index.column(CALL_ALLOCATIONS_MADE));
            case 18 -> ColumnReader.sum(allocationsInside(index)[0], allocationsInside(index)[1]);
            case 19 -> {
                Calibration cost = calibration(recording);
                yield ColumnReader.weightedSum(cost.callInsideNanos(), new double[] {cost.callCostNanos(), cost.allocationCostNanos()},
                        callsInside(index), allocationsInside(index));
            }
            case 20 -> {
                Calibration cost = calibration(recording);
                yield ColumnReader.weightedSum(cost.callInsideNanos(),
                        new double[] {cost.callCostNanos() - cost.callInsideNanos(), cost.allocationCostNanos()},
                        new MappedColumn[] {index.column(CALL_CALLS_MADE)}, new MappedColumn[] {index.column(CALL_ALLOCATIONS_MADE)});
            }
            default -> throw new IndexOutOfBoundsException(column);
        };
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
     * What the advice cost per call and allocation; none where it was not measured (an older recording,
     * or a program that ended before the calibration did), so that nothing is taken off.
     */
    private static Calibration calibration(Recording recording) {
        return recording.calibration().orElse(new Calibration(0, 0, 0, 0, 0));
    }

    /** Column 0, {@code call_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
