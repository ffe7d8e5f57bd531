package org.profq.engine.scan;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;
import static org.profq.engine.index.MappedColumn.BLOCK_SHIFT;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * A {@code GROUP BY} over one indexed table, computed in a single pass over its mapped columns:
 * what the plan node {@code IndexAggregate} runs. The pushed filters and every aggregate's
 * argument are tested and summed on raw values, a block of 1,024 rows at a time
 * ({@link RawExpression}), so a row costs a few array reads and a group lookup instead of a
 * boxed row through Calcite's operators. Large tables are split into ranges of blocks scanned
 * on the machine's cores ({@value #SCAN_THREADS}), each into a {@link PartialAggregation},
 * merged in row order, then made rows ({@link AggregationOutput}). The planner
 * ({@code org.profq.engine.plan}) puts it in place of an {@code Aggregate} over a scan when
 * {@link #of} accepts the query: simple groups of columns, {@code COUNT}, {@code SUM},
 * {@code $SUM0}, {@code MIN} and {@code MAX} (with {@code FILTER}) of {@link RawExpression}s,
 * and filters {@link PushedFilters} takes whole ({@link AggregationSpec}).
 */
public final class AggregationScan {
    /** Threads one aggregation scans on: {@code -Dprofq.scanThreads=N}, by default the machine's cores. */
    public static final String SCAN_THREADS = "profq.scanThreads";
    /** The fewest blocks worth a thread of their own (64 K rows): below that, starting it costs more than it saves. */
    private static final long MIN_BLOCKS_PER_WORKER = 64;

    /** Aggregations answered from a table's totals per calling context, at DEBUG: what to turn on to see why a time view was quick or slow. */
    private static final System.Logger LOG = System.getLogger(AggregationScan.class.getPackageName());

    private final AggregationSpec spec;

    private AggregationScan(AggregationSpec spec) {
        this.spec = spec;
    }

    /**
     * The aggregation {@code GROUP BY groupSet} with {@code aggregates} over {@code table}'s rows
     * that pass {@code filters} (over the table's columns), whose input row is the table's columns
     * {@code scanned} (null: all), or {@code inputs} over those when a projection lies between; empty
     * when the query needs something this does not do.
     */
    public static Optional<AggregationScan> of(ColumnSource table, List<RexNode> filters, int[] scanned, List<RexNode> inputs,
                                               ImmutableBitSet groupSet, List<AggregateCall> aggregates) {
        return Optional.ofNullable(AggregationSpec.of(table, filters, scanned, inputs, groupSet, aggregates))
                .map(AggregationScan::new);
    }

    /**
     * What a run is answered from instead of a scan when the index has it to trust, for
     * {@code EXPLAIN PLAN}: e.g. {@code "totals per site_id"} when the table's totals per group
     * ({@link GroupTotals}) hold every value, {@code "totals per context"} when its totals per
     * calling context do ({@link ContextTotals}); null when it is always a scan.
     */
    public String answeredFrom() {
        return spec.fromTotals != null ? "totals per " + spec.keyName(0) : spec.contextTotals != null ? "totals per context" : null;
    }

    /** Runs the aggregation over the recording as the statement running {@code root} sees it. */
    public Enumerable<Object[]> run(DataContext root) {
        if (spec.fromTotals != null) {
            GroupTotals totals = spec.table.readTotals(root, spec.totals);
            if (totals != null) {
                return Linq4j.asEnumerable(rowsOf(totals));
            }
        }
        if (spec.contextTotals != null) {
            ContextTotals totals = spec.table.readContextTotals(root, spec.contextTotals.keyColumns());
            if (totals != null) {
                LOG.log(System.Logger.Level.DEBUG, "answered from the totals per calling context");
                return Linq4j.asEnumerable(spec.contextTotals.rows(totals));
            }
        }
        ColumnSource.Reading reading = spec.table.read(root, spec.columnsRead());
        AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
        long rows = reading.rows();
        long blocks = (rows + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
        int threads = Integer.getInteger(SCAN_THREADS, Runtime.getRuntime().availableProcessors());
        int workers = (int) Math.max(1, Math.min(threads, blocks / MIN_BLOCKS_PER_WORKER));
        PartialAggregation[] partials = new PartialAggregation[workers];
        for (int w = 0; w < workers; w++) {
            BoundAggregation bound = spec.bind(reading.columns()); // each worker reads through cursors of its own
            if (bound == null) {
                throw new IllegalStateException("the aggregation was planned for columns this recording's tables do not have");
            }
            partials[w] = new PartialAggregation(spec, bound, rows, blocks * w / workers, blocks * (w + 1) / workers);
        }
        scanAll(partials, cancelled);
        PartialAggregation all = partials[0];
        for (int w = 1; w < workers; w++) {
            all.absorb(partials[w]); // in row order, so groups keep the order a single scan finds them in
        }
        return Linq4j.asEnumerable(AggregationOutput.rows(spec, all));
    }

    /** The rows of the aggregation, one per group of {@code totals}, in their order: the key, then each call's value. */
    private List<Object[]> rowsOf(GroupTotals totals) {
        List<AggregationSpec.Call> calls = spec.calls;
        List<Object[]> rows = new ArrayList<>(totals.keys().length);
        for (int group = 0; group < totals.keys().length; group++) {
            Object[] row = new Object[1 + calls.size()];
            row[0] = totals.keys()[group];
            for (int c = 0; c < calls.size(); c++) {
                row[1 + c] = spec.fromTotals[c].result(calls.get(c), totals, group);
            }
            rows.add(row);
        }
        return rows;
    }

    /** As {@link #run}, for an aggregation of one column: its values. */
    public Enumerable<Object> runSingleColumn(DataContext root) {
        return run(root).select(row -> row[0]);
    }

    /** Scans every partial, the first on this thread and the others on the common pool; rethrows what any threw. */
    private static void scanAll(PartialAggregation[] partials, AtomicBoolean cancelled) {
        List<CompletableFuture<Void>> others = new ArrayList<>();
        for (int w = 1; w < partials.length; w++) {
            PartialAggregation partial = partials[w];
            others.add(CompletableFuture.runAsync(() -> partial.scan(cancelled), ForkJoinPool.commonPool()));
        }
        Throwable failure = null;
        try {
            partials[0].scan(cancelled);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        for (CompletableFuture<Void> other : others) {
            try {
                other.join(); // waited for even after a failure: no scan outlives its statement
            } catch (CompletionException e) {
                failure = failure != null ? failure : e.getCause();
            }
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        if (failure instanceof Error e) {
            throw e;
        }
    }

    /** E.g. {@code SUM(self_ns), COUNT(*) GROUP BY method_id}, for EXPLAIN PLAN. */
    @Override
    public String toString() {
        return spec.toString();
    }
}
