package org.profq.engine.table;

import java.util.List;
import java.util.function.IntFunction;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.profq.recording.Recording;

/**
 * {@code calls}: one row per method execution, in the order calls end (calls still running
 * when the recording ended come last), streamed from the event log by {@link CallRows}.
 * Projection is pushed down so the costly {@code stack} column is only built for queries
 * that read it; filters are left to Calcite.
 */
public final class CallTable extends RecordingTable implements ProjectableFilterableTable {
    private static final int STACK = TableCatalog.CALLS.columns().size() - 1;

    public CallTable(Recording recording) {
        super(recording, TableCatalog.CALLS);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        return scan(root, List.of(), null);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        long endNanos = recording.durationNanos();
        boolean withStack = projects == null || contains(projects, STACK);
        Enumerable<Object[]> rows = new EventScan(recording, () -> new CallRows(endNanos, withStack ? signatures() : null));
        return projects == null ? rows : rows.select(row -> project(row, projects));
    }

    /** Method signatures by id, each built once per scan. */
    private IntFunction<String> signatures() {
        String[] byId = new String[recording.methods().size() + 1];
        return methodId -> {
            if (methodId < 0 || methodId >= byId.length) {
                return Signatures.of(recording, methodId);
            }
            if (byId[methodId] == null) {
                byId[methodId] = Signatures.of(recording, methodId);
            }
            return byId[methodId];
        };
    }

    private static boolean contains(int[] projects, int column) {
        for (int project : projects) {
            if (project == column) {
                return true;
            }
        }
        return false;
    }

    private static Object[] project(Object[] row, int[] projects) {
        Object[] projected = new Object[projects.length];
        for (int i = 0; i < projects.length; i++) {
            projected[i] = row[projects[i]];
        }
        return projected;
    }
}
