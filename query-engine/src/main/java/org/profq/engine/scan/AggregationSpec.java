package org.profq.engine.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * What one {@link AggregationScan} computes, as the planner hands it over: a table's rows that
 * pass {@code filters}, their {@code scanned} columns (through {@code inputs} when a projection
 * lies between the scan and the aggregate), grouped by the input fields {@code keys}, and the
 * aggregate {@code calls}. {@link #bind} turns it into what a scan evaluates on raw values.
 */
final class AggregationSpec {

    /** One aggregate call: its function, argument and filter fields of the aggregate's input (-1: none), result type. */
    record Call(AggregateFunction function, int argument, int filter, SqlTypeName type) {

        /** The aggregate's SQL value for a group that took {@code count} values whose total is {@code total}. */
        Object result(long total, long count) {
            long value;
            switch (function) {
                case COUNT -> value = count;
                case SUM0 -> value = total;
                default -> {
                    if (count == 0) {
                        return null;
                    }
                    value = total;
                }
            }
            return switch (type) {
                case BIGINT -> value;
                case INTEGER -> (int) value;
                case SMALLINT -> (short) value;
                default -> (byte) value;
            };
        }
    }

    final ColumnSource table;
    private final List<RexNode> filters;
    private final int[] scanned;
    /** The aggregate's input fields over the scanned columns; null when the input is the scan itself. */
    private final List<RexNode> inputs;
    final int[] keys;
    final List<Call> calls;

    private AggregationSpec(ColumnSource table, List<RexNode> filters, int[] scanned, List<RexNode> inputs, int[] keys,
                            List<Call> calls) {
        this.table = table;
        this.filters = List.copyOf(filters);
        this.scanned = scanned;
        this.inputs = inputs == null ? null : List.copyOf(inputs);
        this.keys = keys;
        this.calls = List.copyOf(calls);
    }

    /**
     * {@code GROUP BY groupSet} with {@code aggregates} over {@code table}'s rows that pass
     * {@code filters} (over the table's columns), whose input row is the table's columns
     * {@code scanned} (null: all), or {@code inputs} over those when a projection lies between;
     * null when the query needs something a scan on raw values does not do.
     */
    static AggregationSpec of(ColumnSource table, List<RexNode> filters, int[] scanned, List<RexNode> inputs,
                              ImmutableBitSet groupSet, List<AggregateCall> aggregates) {
        int[] scan = scanned != null ? scanned.clone() : IntStream.range(0, table.columnCount()).toArray();
        List<Call> calls = new ArrayList<>();
        for (AggregateCall aggregate : aggregates) {
            Call call = call(aggregate);
            if (call == null) {
                return null;
            }
            calls.add(call);
        }
        AggregationSpec spec = new AggregationSpec(table, filters, scan, inputs, groupSet.toArray(), calls);
        try {
            return spec.bind(table.planningColumns()) == null ? null : spec;
        } catch (RuntimeException unreadable) {
            return null; // the scan Calcite plans instead reports it when it runs
        }
    }

    private static Call call(AggregateCall aggregate) {
        if (aggregate.isDistinct() || aggregate.isApproximate() || !aggregate.getCollation().getFieldCollations().isEmpty()
                || aggregate.getArgList().size() > 1 || aggregate.distinctKeys != null) {
            return null;
        }
        AggregateFunction function = AggregateFunction.of(aggregate.getAggregation().getKind());
        SqlTypeName type = aggregate.getType().getSqlTypeName();
        boolean integerResult = type == SqlTypeName.BIGINT || type == SqlTypeName.INTEGER || type == SqlTypeName.SMALLINT
                || type == SqlTypeName.TINYINT;
        if (function == null || !integerResult || (aggregate.getArgList().isEmpty() && function != AggregateFunction.COUNT)) {
            return null;
        }
        int argument = aggregate.getArgList().isEmpty() ? -1 : aggregate.getArgList().get(0);
        return new Call(function, argument, aggregate.filterArg, type);
    }

    /** The table's columns the scan reads: those scanned and those the filters test. */
    ImmutableBitSet columnsRead() {
        return ColumnSource.columnsRead(scanned, filters, table.columnCount());
    }

    /** What a scan evaluates, over {@code columns} (the table's); null when something cannot be evaluated on raw values. */
    BoundAggregation bind(ColumnReader[] columns) {
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
        return new BoundAggregation(test, keyColumns, arguments, callFilters);
    }

    /** Input field {@code field} of the aggregate as an expression on raw values; null if it is not one. */
    private RawExpression input(int field, ColumnReader[] scan) {
        if (inputs != null) {
            return RawExpression.compileTyped(inputs.get(field), scan);
        }
        boolean nullable = table.nullable(scanned[field]);
        return scan[field].comparable() ? RawExpression.of(scan[field], nullable) : null;
    }

    private static ColumnReader columnOf(RexNode node, ColumnReader[] scan) {
        return node instanceof RexInputRef ref ? scan[ref.getIndex()] : null;
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
        return inputs == null ? table.columnName(scanned[input]) : inputs.get(input).toString();
    }
}
