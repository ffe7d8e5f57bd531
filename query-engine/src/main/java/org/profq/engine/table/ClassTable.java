package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/** {@code classes}: the recording's class dictionary. */
public final class ClassTable extends DictionaryTable {

    public ClassTable(LiveRecording live) {
        super(live, TableCatalog.CLASSES);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.classes())
                .select(type -> new Object[] {(long) type.id(), type.name(), type.packageName()});
    }
}
