package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/** {@code fields}: the instance fields woven code read or wrote on tracked objects. */
public final class FieldTable extends DictionaryTable {

    public FieldTable(LiveRecording live) {
        super(live, TableCatalog.FIELDS);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.fields()).select(field -> new Object[] {
                (long) field.id(), (long) field.classId(), field.name(), field.type()});
    }
}
