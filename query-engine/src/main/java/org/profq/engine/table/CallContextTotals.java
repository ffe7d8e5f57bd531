package org.profq.engine.table;

import org.profq.engine.index.CallTotals;
import org.profq.engine.index.ContextPaths;
import org.profq.engine.index.IndexColumn;
import org.profq.engine.index.StoredColumns;
import org.profq.engine.scan.ContextTotals;
import org.profq.recording.Calibration;
import org.profq.recording.Recording;
import org.profq.recording.Signatures;

/**
 * The totals the index keeps of {@code calls} per calling context and flags ({@link CallTotals}),
 * as a query over {@code calls} or {@code _call_times} reads them: with each group's values of the
 * key columns asked for, named from its context as the tables' readers name them. Given only when
 * they can be trusted to be what a scan gives: kept, adding up to the table's rows, worked out
 * with the recording's calibration as it is now, and, when {@code depth} is a key, with every
 * call's depth its context's.
 */
final class CallContextTotals implements ContextTotals {
    /** What a key column of the table is: the table's context keys ({@link ContextTotals.Columns#contextKeys}) are these, in this order. */
    enum Key { METHOD_ID, DEPTH, STACK, OUTERMOST }

    private final CallTotals totals;
    private final ContextPaths contexts;
    private final Recording recording;
    private final Key[] keys;

    private CallContextTotals(CallTotals totals, ContextPaths contexts, Recording recording, Key[] keys) {
        this.totals = totals;
        this.contexts = contexts;
        this.recording = recording;
        this.keys = keys;
    }

    /**
     * The totals {@code index} keeps, with values of {@code keyColumns}, of a table whose context
     * keys are those of {@code columns}; null when there are none to trust.
     */
    static ContextTotals of(StoredColumns index, Recording recording, ContextTotals.Columns columns, int[] keyColumns) {
        Key[] keys = new Key[keyColumns.length];
        for (int k = 0; k < keys.length; k++) {
            for (int kind = 0; kind < columns.contextKeys().length; kind++) {
                keys[k] = columns.contextKeys()[kind] == keyColumns[k] ? Key.values()[kind] : keys[k];
            }
            if (keys[k] == null) {
                return null;
            }
        }
        CallTotals totals = index.callTotals();
        Calibration now = CallTable.calibration(recording);
        if (totals == null || !totals.kept() || !totals.calibratedWith(now)
                || totals.totalRows() != index.rows(IndexColumn.Table.CALLS)) {
            return null;
        }
        for (Key key : keys) {
            if (key == Key.DEPTH && !totals.depthsAreContexts()) {
                return null;
            }
        }
        return new CallContextTotals(totals, index.contextPaths(), recording, keys);
    }

    @Override
    public int groups() {
        return totals.groups();
    }

    @Override
    public Object key(int group, int key) {
        int context = totals.context(group);
        return switch (keys[key]) {
            case METHOD_ID -> (long) contexts.method(context);
            case DEPTH -> contexts.depth(context);
            case STACK -> contexts.stack(context, methodId -> Signatures.of(recording, methodId));
            case OUTERMOST -> (totals.flags(group) & CallTotals.OUTERMOST) != 0;
        };
    }

    @Override
    public int flags(int group) {
        int flags = totals.flags(group);
        return ((flags & CallTotals.OUTERMOST) != 0 ? OUTERMOST : 0) | ((flags & CallTotals.ROOT) != 0 ? ROOT : 0);
    }

    @Override
    public long rows(int group) {
        return totals.rows(group);
    }

    @Override
    public long sum(int group, int measure) {
        return totals.sum(group, measure);
    }

    @Override
    public long max(int group, int measure) {
        return totals.max(group, measure);
    }
}
