package org.profq.engine.table;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.recording.Recording;

/** {@code methods}: the recording's method dictionary, with a readable signature. */
public final class MethodTable extends RecordingTable {

    public MethodTable(Recording recording) {
        super(recording, TableCatalog.METHODS);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        return Linq4j.asEnumerable(recording.methods()).select(method -> new Object[] {
                (long) method.id(), (long) method.classId(), method.name(), method.descriptor(),
                Signatures.of(recording, method.id()),
                method.modifiers(), method.sourceFile(), method.line()});
    }
}
