package org.profq.engine.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;
import static org.profq.engine.index.MappedColumn.BLOCK_SHIFT;

import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;
import org.profq.engine.index.LiveRecording;

/**
 * A {@code GROUP BY} over one indexed table, computed in a single pass over its mapped columns:
 * the pushed filters and every aggregate's argument are tested and summed on raw values, a
 * block of 1,024 rows at a time ({@link RawExpression}), so a row costs a few array reads and
 * a group lookup instead of a boxed row through Calcite's operators. Large tables are split
 * into ranges of blocks scanned on the machine's cores ({@value #SCAN_THREADS}), whose groups
 * are merged in row order. The planner ({@code org.profq.engine.plan}) puts it in place of an
 * {@code Aggregate} over a scan when {@link #of} accepts the query: simple groups of columns,
 * {@code COUNT}, {@code SUM}, {@code $SUM0}, {@code MIN} and {@code MAX} (with {@code FILTER})
 * of {@link RawExpression}s, and filters {@link PushedFilters} takes whole.
 *
 * <p>Groups are found by the key columns' raw values, then merged by their SQL values where
 * two raw values can stand for one value (a text column named from an id), so the rows are
 * exactly those of the SQL aggregate.
 */
public final class IndexAggregation {
    private enum Function { COUNT, SUM, SUM0, MIN, MAX }

    /** One aggregate call: its function, argument and filter fields of the aggregate's input (-1: none), result type. */
    private record Call(Function function, int argument, int filter, SqlTypeName type) {
    }

    /** Threads one aggregation scans on: {@code -Dprofq.scanThreads=N}, by default the machine's cores. */
    public static final String SCAN_THREADS = "profq.scanThreads";
    /** The fewest blocks worth a thread of their own (64 K rows): below that, starting it costs more than it saves. */
    private static final long MIN_BLOCKS_PER_WORKER = 64;

    private final IndexedTable table;
    private final List<RexNode> filters;
    private final int[] scanned;
    /** The aggregate's input fields over the scanned columns; null when the input is the scan itself. */
    private final List<RexNode> inputs;
    private final int[] keys;
    private final List<Call> calls;

    private IndexAggregation(IndexedTable table, List<RexNode> filters, int[] scanned, List<RexNode> inputs, int[] keys,
                             List<Call> calls) {
        this.table = table;
        this.filters = List.copyOf(filters);
        this.scanned = scanned;
        this.inputs = inputs == null ? null : List.copyOf(inputs);
        this.keys = keys;
        this.calls = List.copyOf(calls);
    }

    /**
     * The aggregation {@code GROUP BY groupSet} with {@code aggregates} over {@code table}'s rows
     * that pass {@code filters} (over the table's columns), whose input row is the table's columns
     * {@code scanned} (null: all), or {@code inputs} over those when a projection lies between; empty
     * when the query needs something this does not do.
     */
    public static Optional<IndexAggregation> of(RecordingTable table, List<RexNode> filters, int[] scanned, List<RexNode> inputs,
                                                ImmutableBitSet groupSet, List<AggregateCall> aggregates) {
        if (!(table instanceof IndexedTable indexed)) {
            return Optional.empty();
        }
        int columns = indexed.definition().columns().size();
        int[] scan = scanned != null ? scanned.clone() : IntStream.range(0, columns).toArray();
        List<Call> calls = new ArrayList<>();
        for (AggregateCall aggregate : aggregates) {
            Call call = call(aggregate);
            if (call == null) {
                return Optional.empty();
            }
            calls.add(call);
        }
        IndexAggregation aggregation = new IndexAggregation(indexed, filters, scan, inputs, groupSet.toArray(), calls);
        try {
            return aggregation.bind(indexed.planningColumns()) == null ? Optional.empty() : Optional.of(aggregation);
        } catch (RuntimeException unreadable) {
            return Optional.empty(); // the scan Calcite plans instead reports it when it runs
        }
    }

    private static Call call(AggregateCall aggregate) {
        if (aggregate.isDistinct() || aggregate.isApproximate() || !aggregate.getCollation().getFieldCollations().isEmpty()
                || aggregate.getArgList().size() > 1 || aggregate.distinctKeys != null) {
            return null;
        }
        Function function = switch (aggregate.getAggregation().getKind()) {
            case COUNT -> Function.COUNT;
            case SUM -> Function.SUM;
            case SUM0 -> Function.SUM0;
            case MIN -> Function.MIN;
            case MAX -> Function.MAX;
            default -> null;
        };
        SqlTypeName type = aggregate.getType().getSqlTypeName();
        boolean integerResult = type == SqlTypeName.BIGINT || type == SqlTypeName.INTEGER || type == SqlTypeName.SMALLINT
                || type == SqlTypeName.TINYINT;
        if (function == null || !integerResult || (aggregate.getArgList().isEmpty() && function != Function.COUNT)) {
            return null;
        }
        int argument = aggregate.getArgList().isEmpty() ? -1 : aggregate.getArgList().get(0);
        return new Call(function, argument, aggregate.filterArg, type);
    }

    /** What a run evaluates, over {@code columns} (the table's); null when something cannot be evaluated on raw values. */
    private Bound bind(ColumnReader[] columns) {
        List<RexNode> untaken = new ArrayList<>(filters);
        PushedFilters.RowTest test = PushedFilters.take(untaken, columns);
        if (!untaken.isEmpty()) {
            return null;
        }
        ColumnReader[] scan = new ColumnReader[scanned.length];
        for (int i = 0; i < scanned.length; i++) {
            scan[i] = columns[scanned[i]];
        }
        ColumnReader[] keyColumns = new ColumnReader[keys.length];
        for (int k = 0; k < keys.length; k++) {
            keyColumns[k] = inputs == null ? scan[keys[k]] : columnOf(inputs.get(keys[k]), scan);
            if (keyColumns[k] == null || !keyColumns[k].groupsByRaw()) {
                return null;
            }
        }
        RawExpression[] arguments = new RawExpression[calls.size()];
        RawExpression[] callFilters = new RawExpression[calls.size()];
        for (int c = 0; c < calls.size(); c++) {
            Call call = calls.get(c);
            if (call.argument >= 0 && (arguments[c] = input(call.argument, scan)) == null
                    || call.filter >= 0 && (callFilters[c] = input(call.filter, scan)) == null) {
                return null;
            }
        }
        return new Bound(test, keyColumns, arguments, callFilters);
    }

    /** Input field {@code field} of the aggregate as an expression on raw values; null if it is not one. */
    private RawExpression input(int field, ColumnReader[] scan) {
        if (inputs != null) {
            return RawExpression.compileTyped(inputs.get(field), scan);
        }
        boolean nullable = table.definition().columns().get(scanned[field]).nullable();
        return scan[field].comparable() ? RawExpression.of(scan[field], nullable) : null;
    }

    private static ColumnReader columnOf(RexNode node, ColumnReader[] scan) {
        return node instanceof RexInputRef ref ? scan[ref.getIndex()] : null;
    }

    private record Bound(PushedFilters.RowTest test, ColumnReader[] keyColumns, RawExpression[] arguments,
                         RawExpression[] filters) {
    }

    /** Runs the aggregation over the recording as the statement running {@code root} sees it. */
    public Enumerable<Object[]> run(DataContext root) {
        LiveRecording.Snapshot snapshot = table.snapshot(root);
        AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
        long rows = table.rows(snapshot.index());
        long blocks = (rows + BLOCK_ROWS - 1) >>> BLOCK_SHIFT;
        int threads = Integer.getInteger(SCAN_THREADS, Runtime.getRuntime().availableProcessors());
        int workers = (int) Math.max(1, Math.min(threads, blocks / MIN_BLOCKS_PER_WORKER));
        Partial[] partials = new Partial[workers];
        for (int w = 0; w < workers; w++) {
            Bound bound = bind(table.columns(snapshot)); // each worker reads through cursors of its own
            if (bound == null) {
                throw new IllegalStateException("the aggregation was planned for columns this recording's tables do not have");
            }
            partials[w] = new Partial(bound, rows, blocks * w / workers, blocks * (w + 1) / workers);
        }
        scanAll(partials, cancelled);
        Partial all = partials[0];
        for (int w = 1; w < workers; w++) {
            all.absorb(partials[w]); // in row order, so groups keep the order a single scan finds them in
        }
        return Linq4j.asEnumerable(rowsOf(all));
    }

    /** Scans every partial, the first on this thread and the others on the common pool; rethrows what any threw. */
    private static void scanAll(Partial[] partials, AtomicBoolean cancelled) {
        List<CompletableFuture<Void>> others = new ArrayList<>();
        for (int w = 1; w < partials.length; w++) {
            Partial partial = partials[w];
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

    /** As {@link #run}, for an aggregation of one column: its values. */
    public Enumerable<Object> runSingleColumn(DataContext root) {
        return run(root).select(row -> row[0]);
    }

    /**
     * The groups and running totals of one range of blocks, scanned a block at a time: the rows
     * that pass the filters are selected, each one's group found, then each aggregate is added
     * up over the selected rows in a loop of its own.
     */
    private final class Partial {
        private final Bound bound;
        private final long rows;
        private final long fromBlock;
        private final long toBlock;
        private final GroupTable groups = new GroupTable(keys.length);
        private long[] firstRows = new long[16];
        private final long[][] totals = new long[calls.size()][16];
        private final long[][] counts = new long[calls.size()][16];
        /** Scratch for one block: the indexes of its selected rows, and each selected row's group. */
        private final int[] selected = new int[BLOCK_ROWS];
        private final int[] groupOfSelected = new int[BLOCK_ROWS];
        /** Scratch for one aggregate with a filter or a nullable argument: the selected rows it takes, and their groups. */
        private final int[] includedRows = new int[BLOCK_ROWS];
        private final int[] includedGroups = new int[BLOCK_ROWS];
        private final long[] key = new long[keys.length];

        Partial(Bound bound, long rows, long fromBlock, long toBlock) {
            this.bound = bound;
            this.rows = rows;
            this.fromBlock = fromBlock;
            this.toBlock = toBlock;
            if (keys.length == 0) {
                found(groups.groupOf(key), 0); // an aggregate without GROUP BY has its one row even over no rows
            }
        }

        void scan(AtomicBoolean cancelled) {
            for (long block = fromBlock; block < toBlock; block++) {
                if (cancelled != null && cancelled.get()) {
                    throw new CancellationException("the query was cancelled");
                }
                long first = block << BLOCK_SHIFT;
                int count = (int) Math.min(BLOCK_ROWS, rows - first);
                int selectedRows = select(first, count);
                findGroups(block, first, selectedRows);
                for (int c = 0; c < calls.size(); c++) {
                    accumulate(c, block, count, selectedRows);
                }
            }
        }

        private int select(long first, int count) {
            int selectedRows = 0;
            for (int i = 0; i < count; i++) {
                if (bound.test == null || bound.test.test(first + i)) {
                    selected[selectedRows++] = i;
                }
            }
            return selectedRows;
        }

        private void findGroups(long block, long first, int selectedRows) {
            if (keys.length == 0) {
                Arrays.fill(groupOfSelected, 0, selectedRows, 0);
            } else if (keys.length == 1) {
                long[] values = bound.keyColumns[0].rawBlock(block);
                for (int j = 0; j < selectedRows; j++) {
                    int i = selected[j];
                    int before = groups.size();
                    int group = groups.groupOf(values[i]);
                    groupOfSelected[j] = group == before ? found(group, first + i) : group;
                }
            } else {
                long[][] values = new long[keys.length][];
                for (int k = 0; k < keys.length; k++) {
                    values[k] = bound.keyColumns[k].rawBlock(block);
                }
                for (int j = 0; j < selectedRows; j++) {
                    int i = selected[j];
                    for (int k = 0; k < keys.length; k++) {
                        key[k] = values[k][i];
                    }
                    int before = groups.size();
                    int group = groups.groupOf(key);
                    groupOfSelected[j] = group == before ? found(group, first + i) : group;
                }
            }
        }

        /** Notes a new group, first seen at {@code row} (where its key's SQL values are read); gives it back. */
        private int found(int group, long row) {
            if (group >= firstRows.length) {
                int grown = firstRows.length * 2;
                firstRows = Arrays.copyOf(firstRows, grown);
                for (int c = 0; c < calls.size(); c++) {
                    totals[c] = Arrays.copyOf(totals[c], grown);
                    counts[c] = Arrays.copyOf(counts[c], grown);
                }
            }
            firstRows[group] = row;
            return group;
        }

        private void accumulate(int c, long block, int count, int selectedRows) {
            RawExpression filter = bound.filters[c];
            RawExpression argument = bound.arguments[c];
            if (filter != null) {
                filter.evaluate(block, count);
            }
            if (argument != null) {
                argument.evaluate(block, count);
            }
            long[] values = argument == null ? null : argument.values;
            long[] total = totals[c];
            long[] counted = counts[c];
            int[] rowOf = selected;
            int[] groupOf = groupOfSelected;
            int rows = selectedRows;
            if (filter != null || argument != null && argument.nullable) {
                // Only the rows the aggregate takes, then the same loops as for all rows.
                rows = 0;
                for (int j = 0; j < selectedRows; j++) {
                    if (included(filter, argument, selected[j])) {
                        includedRows[rows] = selected[j];
                        includedGroups[rows++] = groupOfSelected[j];
                    }
                }
                rowOf = includedRows;
                groupOf = includedGroups;
            }
            switch (calls.get(c).function) {
                case COUNT -> {
                    for (int j = 0; j < rows; j++) {
                        counted[groupOf[j]]++;
                    }
                }
                case SUM, SUM0 -> {
                    for (int j = 0; j < rows; j++) {
                        int group = groupOf[j];
                        total[group] += values[rowOf[j]];
                        counted[group]++;
                    }
                }
                case MIN -> {
                    for (int j = 0; j < rows; j++) {
                        int group = groupOf[j];
                        long value = values[rowOf[j]];
                        total[group] = counted[group]++ == 0 ? value : Math.min(total[group], value);
                    }
                }
                case MAX -> {
                    for (int j = 0; j < rows; j++) {
                        int group = groupOf[j];
                        long value = values[rowOf[j]];
                        total[group] = counted[group]++ == 0 ? value : Math.max(total[group], value);
                    }
                }
            }
        }

        /** Adds {@code later}'s groups (a range of rows after this one's) to this one's. */
        void absorb(Partial later) {
            long[] laterKey = new long[keys.length];
            for (int group = 0; group < later.groups.size(); group++) {
                for (int k = 0; k < keys.length; k++) {
                    laterKey[k] = later.groups.key(group, k);
                }
                int before = groups.size();
                int into = groups.groupOf(laterKey);
                if (into == before) {
                    found(into, later.firstRows[group]);
                }
                for (int c = 0; c < calls.size(); c++) {
                    combine(calls.get(c).function, totals[c], counts[c], into, later.totals[c][group], later.counts[c][group]);
                }
            }
        }
    }

    /** Whether a row counts for an aggregate: its filter holds and its argument is not NULL. */
    private static boolean included(RawExpression filter, RawExpression argument, int i) {
        return (filter == null || filter.isTrue(i)) && (argument == null || !argument.isNull(i));
    }

    /** Adds a total of {@code count} values, {@code total}, to group {@code into}'s. */
    private static void combine(Function function, long[] totals, long[] counts, int into, long total, long count) {
        if (count == 0) {
            return;
        }
        switch (function) {
            case COUNT -> { }
            case SUM, SUM0 -> totals[into] += total;
            case MIN -> totals[into] = counts[into] == 0 ? total : Math.min(totals[into], total);
            case MAX -> totals[into] = counts[into] == 0 ? total : Math.max(totals[into], total);
        }
        counts[into] += count;
    }

    /** One row per group: key values, then each aggregate; groups whose keys have the same values merged. */
    private List<Object[]> rowsOf(Partial all) {
        ColumnReader[] keyColumns = all.bound.keyColumns;
        boolean byRaw = Arrays.stream(keyColumns).allMatch(ColumnReader::rawIdentifiesValue);
        Map<List<Object>, Integer> merged = new LinkedHashMap<>();
        List<Object[]> keyRows = new ArrayList<>(all.groups.size());
        int aggregates = calls.size();
        long[][] totals = new long[aggregates][all.groups.size()];
        long[][] counts = new long[aggregates][all.groups.size()];
        for (int group = 0; group < all.groups.size(); group++) {
            Object[] keyValues = new Object[keys.length];
            for (int k = 0; k < keys.length; k++) {
                keyValues[k] = keyColumns[k].value(all.firstRows[group]);
            }
            Integer into = byRaw ? null : merged.get(Arrays.asList(keyValues));
            if (into == null) {
                into = keyRows.size();
                keyRows.add(keyValues);
                if (!byRaw) {
                    merged.put(Arrays.asList(keyValues), into);
                }
            }
            for (int c = 0; c < aggregates; c++) {
                combine(calls.get(c).function, totals[c], counts[c], into, all.totals[c][group], all.counts[c][group]);
            }
        }
        List<Object[]> result = new ArrayList<>(keyRows.size());
        for (int r = 0; r < keyRows.size(); r++) {
            Object[] row = Arrays.copyOf(keyRows.get(r), keys.length + aggregates);
            for (int c = 0; c < aggregates; c++) {
                row[keys.length + c] = result(calls.get(c), totals[c][r], counts[c][r]);
            }
            result.add(row);
        }
        return result;
    }

    private static Object result(Call call, long total, long count) {
        long value;
        switch (call.function) {
            case COUNT -> value = count;
            case SUM0 -> value = total;
            default -> {
                if (count == 0) {
                    return null;
                }
                value = total;
            }
        }
        return switch (call.type) {
            case BIGINT -> value;
            case INTEGER -> (int) value;
            case SMALLINT -> (short) value;
            default -> (byte) value;
        };
    }

    /** E.g. {@code SUM(self_ns), COUNT(*) GROUP BY method_id}, for EXPLAIN PLAN. */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        for (Call call : calls) {
            String argument = call.argument < 0 ? "*" : field(call.argument);
            parts.add(call.function.name() + "(" + argument + ")" + (call.filter < 0 ? "" : " FILTER " + field(call.filter)));
        }
        List<String> groups = new ArrayList<>();
        for (int key : keys) {
            groups.add(field(key));
        }
        return String.join(", ", parts) + (groups.isEmpty() ? "" : " GROUP BY " + String.join(", ", groups));
    }

    private String field(int input) {
        return inputs == null ? table.definition().columns().get(scanned[input]).name() : inputs.get(input).toString();
    }
}
