package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ColumnReader;
import org.profq.recording.Recording;

/** {@code exceptions}: one row per exception thrown in recorded code, read from the index's {@code exceptions} columns. */
public final class ExceptionTable extends IndexedTable {

    public ExceptionTable(LiveRecording live) {
        super(live, TableCatalog.EXCEPTIONS, IndexColumn.Table.EXCEPTIONS);
    }

    @Override
    ColumnReader reader(int column, StoredColumns index, Recording recording) {
        return switch (column) {
            case 0 -> ColumnReader.intIds(index.column(EXCEPTION_THREAD_ID));
            case 1 -> ColumnReader.nullableIds(index.column(EXCEPTION_CALL_ID));
            case 2 -> ColumnReader.intIds(index.column(EXCEPTION_CLASS_ID));
            case 3 -> ColumnReader.ints(index.column(EXCEPTION_LINE));
            case 4 -> ColumnReader.longs(index.column(EXCEPTION_THROW_NS));
            default -> throw new IndexOutOfBoundsException(column);
        };
    }
}
