package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;

/** {@code methods}: the recording's method dictionary, with a readable signature. */
public final class MethodTable extends DictionaryTable {

    public MethodTable(LiveRecording live) {
        super(live, TableCatalog.METHODS);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.methods()).select(method -> new Object[] {
                (long) method.id(), (long) method.classId(), method.name(), method.descriptor(),
                Signatures.of(recording, method.id()),
                method.modifiers(), method.sourceFile(), method.line()});
    }
}
