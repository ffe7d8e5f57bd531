package org.profq.engine.table;

import org.apache.calcite.DataContext;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.impl.AbstractTable;
import org.profq.engine.index.LiveRecording;
import org.profq.engine.plan.ViewDataContext;

/**
 * A table over one recording whose shape comes from its {@link TableDefinition}. Each scan
 * reads the recording as its statement sees it ({@link LiveRecording#at}), so the tables of
 * one query agree and a new query sees what a live recording flushed since.
 */
public abstract class RecordingTable extends AbstractTable {
    protected final LiveRecording live;
    private final TableDefinition definition;

    protected RecordingTable(LiveRecording live, TableDefinition definition) {
        this.live = live;
        this.definition = definition;
    }

    public TableDefinition definition() {
        return definition;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        return definition.rowType(typeFactory);
    }

    /** The recording as the statement running {@code root} sees it (a planned view's rows are its statement's). */
    public LiveRecording.Snapshot snapshot(DataContext root) {
        return live.at(ViewDataContext.statementOf(root));
    }

    /** An id that the reader gives as 0 for "none", as SQL NULL. */
    static Long idOrNull(long id) {
        return id == 0 ? null : id;
    }
}
