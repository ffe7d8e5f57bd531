package org.profq.engine.index;

/**
 * A file of a table, met as a query began to read it, does not match its manifest: the table
 * (the one {@link IndexColumn.Table#built} with it) is rebuilt from events/ before any of its
 * rows are read ({@link LiveRecording.Snapshot#read}).
 */
final class DamagedTableException extends RuntimeException {
    private final IndexColumn.Table table;

    DamagedTableException(IndexColumn.Table table, IndexDamagedException damage) {
        super(damage.getMessage(), damage);
        this.table = table;
    }

    IndexColumn.Table table() {
        return table;
    }

    IndexDamagedException damage() {
        return (IndexDamagedException) getCause();
    }
}
