package org.profq.engine;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.profq.engine.table.AllocationTable;
import org.profq.engine.table.CallTable;
import org.profq.engine.table.ClassTable;
import org.profq.engine.table.MethodTable;
import org.profq.engine.table.RecordingTable;
import org.profq.engine.table.RunTable;
import org.profq.engine.table.SiteTable;
import org.profq.engine.table.ThreadTable;
import org.profq.recording.Recording;

/**
 * The tables of one recording ({@code run}, {@code threads}, {@code classes}, {@code methods},
 * {@code sites}, {@code calls}, {@code allocations}), as a Calcite schema. It owns the open
 * {@link Recording} and closes it when closed. The profile views are added beside the tables
 * by {@link ProfileViews}.
 */
public final class RecordingSchema extends AbstractSchema implements AutoCloseable {
    private final Recording recording;
    private final Map<String, Table> tables = new LinkedHashMap<>();

    public RecordingSchema(Recording recording) {
        this.recording = recording;
        for (RecordingTable table : new RecordingTable[] {
                new RunTable(recording), new ThreadTable(recording), new ClassTable(recording),
                new MethodTable(recording), new SiteTable(recording), new CallTable(recording),
                new AllocationTable(recording)}) {
            tables.put(table.definition().name(), table);
        }
    }

    public Recording recording() {
        return recording;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        return tables;
    }

    @Override
    public void close() {
        recording.close();
    }
}
