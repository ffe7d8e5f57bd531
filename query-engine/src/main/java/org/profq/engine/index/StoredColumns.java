package org.profq.engine.index;

/**
 * The stored columns an indexed table's readers read: the index's ({@link RecordingIndex}),
 * each mapped and checked when first asked for, or {@link #NONE}, for planning, which reads
 * no values.
 */
public interface StoredColumns {
    /** Columns of no rows, read from no file: what planning sees a table's columns as. */
    StoredColumns NONE = new StoredColumns() {
        @Override
        public MappedColumn column(IndexColumn column) {
            return MappedColumn.none();
        }

        @Override
        public long rows(IndexColumn.Table table) {
            return 0;
        }

        @Override
        public ContextPaths contextPaths() {
            return ContextPaths.NONE;
        }
    };

    /** The rows of {@code table}. */
    long rows(IndexColumn.Table table);

    /** The mapped file of {@code column}, checked against its manifest. */
    MappedColumn column(IndexColumn column);

    /** The calling contexts that name {@code calls.stack}. */
    ContextPaths contextPaths();

    /**
     * The totals per site and per class of {@code allocations}, as its manifest commits them with
     * its rows; null when there are none to trust (then the rows are scanned).
     */
    default AllocationTotals allocationTotals() {
        return null;
    }

    /**
     * The totals per calling context of {@code calls}, as its manifest commits them with its rows;
     * null when there are none to trust (then the rows are scanned).
     */
    default CallTotals callTotals() {
        return null;
    }
}
