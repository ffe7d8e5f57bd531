package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.engine.scan.ContextTotals;
import org.profq.recording.Recording;

/**
 * {@code _call_times} ({@link TableCatalog#CALL_TIMES}): {@code calls} with profq's overhead taken
 * off the call tree (org.profq.engine.index.Compensation), what {@code _compensated_calls} selects:
 * each time is the call's own difference ({@code duration_ns - overhead_ns}, {@code self_ns -
 * self_overhead_ns}, and the same of the CPU times, at least 0), computed as the columns are read,
 * plus the correction the index worked out with the callees' times (0 for most calls). Its times are
 * the measures of the index's totals per calling context, so the time views' aggregations, sums
 * of these columns under the outermost and parent flags, are answered from those totals
 * ({@link CallContextTotals}) when the recording's calibration is the one they were worked out with.
 */
public final class CallTimesTable extends IndexedTable {
    /** Columns 7 to 14 are the measures 0 to 7; method_id, depth, stack, outermost are keys. */
    private static final ContextTotals.Columns CONTEXT_TOTALS = new ContextTotals.Columns(
            new int[] {-1, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 4, 5, 6, 7}, new int[] {2, 4, 5, 6}, 6, 3);

    public CallTimesTable(LiveRecording live) {
        super(live, TableCatalog.CALL_TIMES, IndexColumn.Table.CALLS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.longs(index.column(CALL_ID));
            case 1 -> ColumnReader.intIds(index.column(CALL_THREAD_ID));
            case 2 -> CallTable.methodId(index);
            case 3 -> ColumnReader.nullableIds(index.column(CALL_PARENT_CALL_ID));
            case 4 -> CallTable.depth(index);
            case 5 -> CallTable.stack(index, recording);
            case 6 -> ColumnReader.flag(index.column(CALL_FLAGS), OUTERMOST);
            case 7 -> ColumnReader.corrected(CallTable.duration(index), CallTable.overhead(index, recording),
                    ColumnReader.longs(index.column(CALL_INCLUSIVE_CORRECTION)));
            case 8 -> ColumnReader.corrected(selfNanos(index), CallTable.selfOverhead(index, recording),
                    ColumnReader.longs(index.column(CALL_SELF_CORRECTION)));
            case 9 -> ColumnReader.corrected(cpuNanos(index), CallTable.overhead(index, recording),
                    ColumnReader.longs(index.column(CALL_CPU_CORRECTION)));
            case 10 -> ColumnReader.corrected(selfCpuNanos(index), CallTable.selfOverhead(index, recording),
                    ColumnReader.longs(index.column(CALL_SELF_CPU_CORRECTION)));
            case 11 -> ColumnReader.clampedDifference(CallTable.duration(index), cpuNanos(index));
            case 12 -> ColumnReader.clampedDifference(selfNanos(index), selfCpuNanos(index));
            case 13 -> CallTable.duration(index);
            case 14 -> selfNanos(index);
            default -> throw new IndexOutOfBoundsException(column);
        };
    }

    private static ColumnReader selfNanos(StoredColumns index) {
        return ColumnReader.longs(index.column(CALL_SELF_NS));
    }

    private static ColumnReader cpuNanos(StoredColumns index) {
        return ColumnReader.longs(index.column(CALL_CPU_NS));
    }

    private static ColumnReader selfCpuNanos(StoredColumns index) {
        return ColumnReader.longs(index.column(CALL_SELF_CPU_NS));
    }

    @Override
    public ContextTotals.Columns contextTotalsColumns() {
        return CONTEXT_TOTALS;
    }

    @Override
    ContextTotals contextTotals(StoredColumns index, Recording recording, int[] keyColumns) {
        return CallContextTotals.of(index, recording, CONTEXT_TOTALS, keyColumns);
    }

    /** Column 0, {@code call_id}: joins on it stream this table rather than hold it. */
    @Override
    public int idColumn() {
        return 0;
    }
}
