package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/** {@code unwoven_classes}: the classes a recording does not cover, such as those loaded before profq attach. */
public final class UnwovenClassTable extends DictionaryTable {

    public UnwovenClassTable(LiveRecording live) {
        super(live, TableCatalog.UNWOVEN_CLASSES);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.unwovenClasses()).select(type -> new Object[] {type.name(), type.reason()});
    }
}
