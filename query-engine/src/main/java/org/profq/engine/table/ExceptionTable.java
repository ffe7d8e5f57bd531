package org.profq.engine.table;

import static org.profq.engine.index.IndexColumn.*;

import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code exceptions}: one row per exception thrown in recorded code, read from the index's {@code exceptions} columns. */
public final class ExceptionTable extends IndexedTable {

    public ExceptionTable(LiveRecording live) {
        super(live, TableCatalog.EXCEPTIONS, IndexColumn.Table.EXCEPTIONS);
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.intIds(index.column(EXCEPTION_THREAD_ID)),
                ColumnReader.nullableIds(index.column(EXCEPTION_CALL_ID)),
                ColumnReader.intIds(index.column(EXCEPTION_CLASS_ID)),
                ColumnReader.ints(index.column(EXCEPTION_LINE)),
                ColumnReader.longs(index.column(EXCEPTION_THROW_NS))};
    }
}
