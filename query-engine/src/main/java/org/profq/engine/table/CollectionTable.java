package org.profq.engine.table;

import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.profq.engine.index.LiveRecording;
import org.profq.recording.Recording;

/** {@code collections}: the JVM's garbage collections, which bound each tracked object's death ({@code deaths.died_by_ns}). */
public final class CollectionTable extends DictionaryTable {

    public CollectionTable(LiveRecording live) {
        super(live, TableCatalog.COLLECTIONS);
    }

    @Override
    Enumerable<Object[]> rows(Recording recording) {
        return Linq4j.asEnumerable(recording.collections()).select(collection -> new Object[] {collection.collectionId(),
                collection.gcId(), collection.collector(), collection.kind(), collection.cause(), collection.startNanos(),
                collection.endNanos(), collection.durationNanos()});
    }
}
