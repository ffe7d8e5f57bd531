package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/** {@code sites}: the recording's allocation sites. */
public final class SiteTable extends DictionaryTable {

    public SiteTable(LiveRecording live) {
        super(live, TableCatalog.SITES);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.sites()).select(site -> new Object[] {
                (long) site.id(), (long) site.methodId(), site.line(), (long) site.classId(), site.isArray(),
                site.instanceSize()});
    }
}
