package org.profq.engine.table;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.recording.Recording;

/** {@code sites}: the recording's allocation sites. */
public final class SiteTable extends RecordingTable {

    public SiteTable(Recording recording) {
        super(recording, TableCatalog.SITES);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        return Linq4j.asEnumerable(recording.sites()).select(site -> new Object[] {
                (long) site.id(), (long) site.methodId(), site.line(), (long) site.classId(), site.isArray(),
                site.instanceSize()});
    }
}
