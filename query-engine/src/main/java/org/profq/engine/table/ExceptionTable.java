package org.profq.engine.table;

import org.profq.engine.index.LiveRecording;
import org.profq.engine.index.RecordingIndex;
import org.profq.engine.scan.ColumnReader;

/** {@code exceptions}: one row per exception thrown in recorded code, read from the index's {@code exceptions} columns. */
public final class ExceptionTable extends IndexedTable {

    public ExceptionTable(LiveRecording live) {
        super(live, TableCatalog.EXCEPTIONS);
    }

    @Override
    public long rows(RecordingIndex index) {
        return index.exceptionRows();
    }

    @Override
    public ColumnReader[] columns(LiveRecording.Snapshot snapshot) {
        RecordingIndex index = snapshot.index();
        return new ColumnReader[] {
                ColumnReader.intIds(index.exceptionThreadId()),
                ColumnReader.nullableIds(index.exceptionCallId()),
                ColumnReader.intIds(index.exceptionClassId()),
                ColumnReader.ints(index.exceptionLine()),
                ColumnReader.longs(index.exceptionThrowNanos())};
    }
}
