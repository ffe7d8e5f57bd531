package org.profq.engine.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

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
 * the pushed filters and every aggregate's argument are tested and summed on raw values, so a
 * row costs a few column reads and a hash probe instead of a boxed row through Calcite's
 * operators. The planner ({@code org.profq.engine.plan}) puts it in place of an
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

    private static final int CANCEL_CHECK_ROWS = 4096;

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
        Bound bound = bind(table.columns(snapshot));
        if (bound == null) {
            throw new IllegalStateException("the aggregation was planned for columns this recording's tables do not have");
        }
        AtomicBoolean cancelled = DataContext.Variable.CANCEL_FLAG.get(root);
        long rows = table.rows(snapshot.index());
        int width = keys.length;
        int aggregates = calls.size();
        GroupTable groups = new GroupTable(width);
        long[] key = new long[width];
        long[] firstRows = new long[16];
        long[][] totals = new long[aggregates][16];
        long[][] counts = new long[aggregates][16];
        if (width == 0) {
            groups.groupOf(key); // an aggregate without GROUP BY has its one row even over no rows
        }
        for (long row = 0; row < rows; row++) {
            if ((row & (CANCEL_CHECK_ROWS - 1)) == 0 && cancelled != null && cancelled.get()) {
                throw new CancellationException("the query was cancelled");
            }
            if (bound.test != null && !bound.test.test(row)) {
                continue;
            }
            for (int k = 0; k < width; k++) {
                key[k] = bound.keyColumns[k].raw(row);
            }
            int before = groups.size();
            int group = groups.groupOf(key);
            if (group >= firstRows.length) {
                int grown = firstRows.length * 2;
                firstRows = Arrays.copyOf(firstRows, grown);
                for (int c = 0; c < aggregates; c++) {
                    totals[c] = Arrays.copyOf(totals[c], grown);
                    counts[c] = Arrays.copyOf(counts[c], grown);
                }
            }
            if (group == before) {
                firstRows[group] = row;
            }
            for (int c = 0; c < aggregates; c++) {
                accumulate(c, bound, row, totals[c], counts[c], group);
            }
        }
        return Linq4j.asEnumerable(rowsOf(groups, bound, firstRows, totals, counts));
    }

    /** As {@link #run}, for an aggregation of one column: its values. */
    public Enumerable<Object> runSingleColumn(DataContext root) {
        return run(root).select(row -> row[0]);
    }

    private void accumulate(int c, Bound bound, long row, long[] totals, long[] counts, int group) {
        RawExpression filter = bound.filters[c];
        if (filter != null && !filter.isTrue(row)) {
            return;
        }
        RawExpression argument = bound.arguments[c];
        if (argument == null) {
            counts[group]++; // COUNT(*)
            return;
        }
        if (argument.nullable && argument.isNull(row)) {
            return;
        }
        long value = argument.value(row);
        long seen = counts[group]++;
        switch (calls.get(c).function) {
            case COUNT -> { }
            case SUM, SUM0 -> totals[group] += value;
            case MIN -> totals[group] = seen == 0 ? value : Math.min(totals[group], value);
            case MAX -> totals[group] = seen == 0 ? value : Math.max(totals[group], value);
        }
    }

    /** One row per group: key values, then each aggregate; groups whose keys have the same values merged. */
    private List<Object[]> rowsOf(GroupTable groups, Bound bound, long[] firstRows, long[][] totals, long[][] counts) {
        boolean byRaw = Arrays.stream(bound.keyColumns).allMatch(ColumnReader::rawIdentifiesValue);
        Map<List<Object>, Integer> merged = new LinkedHashMap<>();
        List<Object[]> rows = new ArrayList<>(groups.size());
        int aggregates = calls.size();
        long[] total = new long[aggregates];
        long[] count = new long[aggregates];
        List<long[]> mergedTotals = new ArrayList<>();
        List<long[]> mergedCounts = new ArrayList<>();
        for (int group = 0; group < groups.size(); group++) {
            Object[] keyValues = new Object[keys.length];
            for (int k = 0; k < keys.length; k++) {
                keyValues[k] = bound.keyColumns[k].value(firstRows[group]);
            }
            for (int c = 0; c < aggregates; c++) {
                total[c] = totals[c][group];
                count[c] = counts[c][group];
            }
            Integer into = byRaw ? null : merged.get(Arrays.asList(keyValues));
            if (into == null) {
                if (!byRaw) {
                    merged.put(Arrays.asList(keyValues), rows.size());
                }
                rows.add(keyValues);
                mergedTotals.add(total.clone());
                mergedCounts.add(count.clone());
            } else {
                merge(mergedTotals.get(into), mergedCounts.get(into), total, count);
            }
        }
        List<Object[]> result = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            Object[] row = Arrays.copyOf(rows.get(r), keys.length + aggregates);
            for (int c = 0; c < aggregates; c++) {
                row[keys.length + c] = result(calls.get(c), mergedTotals.get(r)[c], mergedCounts.get(r)[c]);
            }
            result.add(row);
        }
        return result;
    }

    private void merge(long[] intoTotals, long[] intoCounts, long[] totals, long[] counts) {
        for (int c = 0; c < calls.size(); c++) {
            if (counts[c] == 0) {
                continue;
            }
            switch (calls.get(c).function) {
                case COUNT -> { }
                case SUM, SUM0 -> intoTotals[c] += totals[c];
                case MIN -> intoTotals[c] = intoCounts[c] == 0 ? totals[c] : Math.min(intoTotals[c], totals[c]);
                case MAX -> intoTotals[c] = intoCounts[c] == 0 ? totals[c] : Math.max(intoTotals[c], totals[c]);
            }
            intoCounts[c] += counts[c];
        }
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
