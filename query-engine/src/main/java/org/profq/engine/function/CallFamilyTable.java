package org.profq.engine.function;

import static org.profq.engine.function.CallTreeFunctions.CALL_ID;
import static org.profq.engine.function.CallTreeFunctions.DEPTH;
import static org.profq.engine.function.CallTreeFunctions.PARENT_CALL_ID;
import static org.profq.engine.function.CallTreeFunctions.THREAD_ID;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.calcite.DataContext;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ProjectableFilterableTable;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.profq.engine.RecordingSchema;

/**
 * The ancestors or the descendants of one call, with {@code calls}' columns, read when the query
 * runs by the streaming walks {@link CallTreeFunctions} describes; the columns a query reads
 * are the ones read from the index ({@code stack} is named only if asked for).
 */
final class CallFamilyTable extends AbstractTable implements TranslatableTable, ProjectableFilterableTable {
    private final RecordingSchema recording;
    /** Null in the table Calcite asks for only its row type. */
    private final Long callId;
    private final boolean ancestors;

    CallFamilyTable(RecordingSchema recording, Long callId, boolean ancestors) {
        this.recording = recording;
        this.callId = callId;
        this.ancestors = ancestors;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory types) {
        return recording.calls().getRowType(types);
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable table) {
        return Bindables.BindableTableScan.create(context.getCluster(), table);
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root, List<RexNode> filters, int[] projects) {
        if (callId == null) {
            throw new IllegalArgumentException((ancestors ? "ancestors" : "descendants")
                    + "() takes a call's id as a number written in the query, e.g. TABLE(descendants(42))");
        }
        ProjectableFilterableTable calls = recording.calls();
        int[] wanted = projects != null ? projects : IntStream.range(0, calls.getRowType(root.getTypeFactory()).getFieldCount()).toArray();
        Object[] call = CallTreeFunctions.find(calls, root, callId);
        if (call == null) {
            return Linq4j.emptyEnumerable();
        }
        long thread = ((Number) call[1]).longValue();
        int depth = ((Number) call[3]).intValue();
        // the columns read: the query's, then call_id, parent_call_id and depth for the walk
        int[] read = Arrays.copyOf(wanted, wanted.length + 3);
        read[wanted.length] = CALL_ID;
        read[wanted.length + 1] = PARENT_CALL_ID;
        read[wanted.length + 2] = DEPTH;
        Enumerable<Object[]> threadRows = CallTreeFunctions.scan(calls, root, THREAD_ID, thread, withThread(read))
                .where(row -> ((Number) row[row.length - 1]).longValue() == thread);
        return ancestors ? ancestors(threadRows, wanted.length, call[2]) : descendants(threadRows, wanted.length, depth);
    }

    /** {@code read} and thread_id last: the scan's filter on the thread is checked on each row too. */
    private static int[] withThread(int[] read) {
        int[] columns = Arrays.copyOf(read, read.length + 1);
        columns[read.length] = THREAD_ID;
        return columns;
    }

    /** From the call's row on, each row whose id is the parent wanted, until the outermost. */
    private Enumerable<Object[]> ancestors(Enumerable<Object[]> threadRows, int width, Object parent) {
        if (parent == null) {
            return Linq4j.emptyEnumerable();
        }
        return walk(threadRows, width, new Step() {
            boolean started;
            Long wantedParent = ((Number) parent).longValue();

            @Override
            public int next(Object[] row, long id, Object parentOfRow, int depthOfRow) {
                if (!started) {
                    started = id == callId;
                    return CONTINUE;
                }
                if (id != wantedParent) {
                    return CONTINUE;
                }
                wantedParent = parentOfRow == null ? null : ((Number) parentOfRow).longValue();
                return wantedParent == null ? EMIT_AND_STOP : EMIT;
            }
        });
    }

    private Enumerable<Object[]> descendants(Enumerable<Object[]> threadRows, int width, int depth) {
        // First pass: where the run of deeper rows that ends at the call begins, counted in the thread's rows.
        long start = 0;
        long position = 0;
        boolean found = false;
        try (Enumerator<Object[]> rows = threadRows.enumerator()) {
            while (rows.moveNext()) {
                Object[] row = rows.current();
                long id = ((Number) row[width]).longValue();
                if (id == callId) {
                    found = true;
                    break;
                }
                if (((Number) row[width + 2]).intValue() <= depth) {
                    start = position + 1;
                }
                position++;
            }
        }
        if (!found || start == position) {
            return Linq4j.emptyEnumerable();
        }
        long first = start;
        long end = position;
        return walk(threadRows, width, new Step() {
            long at = -1;

            @Override
            public int next(Object[] row, long id, Object parentOfRow, int depthOfRow) {
                at++;
                if (at < first) {
                    return CONTINUE;
                }
                return at == end - 1 ? EMIT_AND_STOP : EMIT;
            }
        });
    }

    /** What a walk does with each row of the call's thread. */
    private interface Step {
        int CONTINUE = 0;
        int EMIT = 1;
        int EMIT_AND_STOP = 2;

        int next(Object[] row, long id, Object parent, int depth);
    }

    /** The rows {@code step} emits, cut to the query's {@code width} columns; rows come as the consumer asks. */
    private static Enumerable<Object[]> walk(Enumerable<Object[]> threadRows, int width, Step step) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                Enumerator<Object[]> rows = threadRows.enumerator();
                return new Enumerator<>() {
                    private Object[] current;
                    private boolean done;

                    @Override
                    public Object[] current() {
                        return current;
                    }

                    @Override
                    public boolean moveNext() {
                        while (!done && rows.moveNext()) {
                            Object[] row = rows.current();
                            int action = step.next(row, ((Number) row[width]).longValue(), row[width + 1],
                                    ((Number) row[width + 2]).intValue());
                            if (action == Step.CONTINUE) {
                                continue;
                            }
                            done = action == Step.EMIT_AND_STOP;
                            current = Arrays.copyOf(row, width);
                            return true;
                        }
                        done = true;
                        return false;
                    }

                    @Override
                    public void reset() {
                        throw new UnsupportedOperationException();
                    }

                    @Override
                    public void close() {
                        rows.close();
                    }
                };
            }
        };
    }
}
