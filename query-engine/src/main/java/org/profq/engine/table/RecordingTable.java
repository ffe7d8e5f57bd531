package org.profq.engine.table;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.profq.recording.Recording;

/**
 * A table over one recording whose shape comes from its {@link TableDefinition}. Subclasses
 * only say how to produce rows ({@link #scan}), as {@code Object[]} in column order.
 */
public abstract class RecordingTable extends AbstractTable implements ScannableTable {
    protected final Recording recording;
    private final TableDefinition definition;

    protected RecordingTable(Recording recording, TableDefinition definition) {
        this.recording = recording;
        this.definition = definition;
    }

    public TableDefinition definition() {
        return definition;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return definition.rowType(typeFactory);
    }

    /** An id that the reader gives as 0 for "none", as SQL NULL. */
    static Long idOrNull(long id) {
        return id == 0 ? null : id;
    }
}
