package org.profq.engine.table;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.recording.Recording;

/** {@code classes}: the recording's class dictionary. */
public final class ClassTable extends RecordingTable {

    public ClassTable(Recording recording) {
        super(recording, TableCatalog.CLASSES);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        return Linq4j.asEnumerable(recording.classes())
                .select(type -> new Object[] {(long) type.id(), type.name(), type.packageName()});
    }
}
