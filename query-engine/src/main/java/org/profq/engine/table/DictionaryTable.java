package org.profq.engine.table;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.schema.ScannableTable;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/**
 * A small table read from the recording's dictionaries and totals, kept in memory by the
 * reader (names, threads, the run): scanned whole, filtered by Calcite.
 */
abstract class DictionaryTable extends RecordingTable implements ScannableTable {

    DictionaryTable(LiveRecording live, TableDefinition definition) {
        super(live, definition);
    }

    @Override
    public final Enumerable<Object[]> scan(DataContext root) {
        return rows(snapshot(root).recording());
    }

    abstract Enumerable<Object[]> rows(Recording recording);
}
