package org.profq.engine.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
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
    /** The table's totals that answer the whole aggregation ({@link GroupTotals}); null when none do. */
    final GroupTotals.Columns totals;
    /** Where each call's value is in those totals. */
    final FromTotals[] fromTotals;
    /** How the table's totals per calling context answer the whole aggregation; null when they do not. */
    final ContextTotalsAnswer contextTotals;

    /** A call's value from a group's totals: its rows, the sum of the summed column, or the rows flagged. */
    enum FromTotals {
        ROWS, SUM, FLAGGED;

        /** The call's value from group {@code group} of {@code totals}. */
        Object result(Call call, GroupTotals totals, int group) {
            return switch (this) {
                case ROWS -> call.result(0, totals.rows()[group]);
                case SUM -> call.result(totals.sums()[group], totals.rows()[group]);
                case FLAGGED -> call.result(0, totals.flagged()[group]);
            };
        }
    }

    private AggregationSpec(ColumnSource table, List<RexNode> filters, int[] scanned, List<RexNode> inputs, int[] keys,
                            List<Call> calls) {
        this.table = table;
        this.filters = List.copyOf(filters);
        this.scanned = scanned;
        this.inputs = inputs == null ? null : List.copyOf(inputs);
        this.keys = keys;
        this.calls = List.copyOf(calls);
        GroupTotals.Columns answering = null;
        FromTotals[] sources = null;
        for (GroupTotals.Columns columns : table.totalsColumns()) {
            sources = fromTotals(columns);
            if (sources != null) {
                answering = columns;
                break;
            }
        }
        this.totals = answering;
        this.fromTotals = sources;
        this.contextTotals = ContextTotalsAnswer.of(table, this.filters, scanned, this.inputs, keys, this.calls);
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

    /**
     * Where the table's totals of {@code totals} ({@link ColumnSource#totalsColumns}) hold each call's value, when
     * they give exactly the rows a scan would: no filter, grouped by their key alone, and every
     * call {@code COUNT(*)} (or {@code COUNT} of a column that is never NULL), {@code SUM} of the
     * summed column, or a count of the flagged rows ({@code COUNT(*) FILTER (WHERE flag)},
     * {@code COUNT(CASE WHEN flag THEN <literal> END)}). Null otherwise.
     */
    private FromTotals[] fromTotals(GroupTotals.Columns totals) {
        if (!filters.isEmpty() || keys.length != 1 || column(keys[0]) != totals.key()) {
            return null;
        }
        FromTotals[] sources = new FromTotals[calls.size()];
        for (int c = 0; c < calls.size(); c++) {
            Call call = calls.get(c);
            int argument = call.argument < 0 ? -1 : column(call.argument);
            if (call.function == AggregateFunction.COUNT && call.filter >= 0) {
                sources[c] = call.argument < 0 && isFlag(call.filter, totals) ? FromTotals.FLAGGED : null;
            } else if (call.function == AggregateFunction.COUNT) {
                sources[c] = call.argument < 0 || argument >= 0 && !table.nullable(argument) ? FromTotals.ROWS
                        : countsFlagged(call.argument, totals) ? FromTotals.FLAGGED : null;
            } else if ((call.function == AggregateFunction.SUM || call.function == AggregateFunction.SUM0) && call.filter < 0) {
                sources[c] = argument == totals.summed() ? FromTotals.SUM : null;
            }
            if (sources[c] == null) {
                return null;
            }
        }
        return sources;
    }

    /** The table's column input field {@code field} of the aggregate is, or -1 when it is an expression. */
    private int column(int field) {
        if (inputs == null) {
            return scanned[field];
        }
        return inputs.get(field) instanceof RexInputRef ref ? scanned[ref.getIndex()] : -1;
    }

    /** Whether input field {@code field} of the aggregate is the totals' flag column (or IS TRUE of it). */
    private boolean isFlag(int field, GroupTotals.Columns totals) {
        return inputs == null ? scanned[field] == totals.flag() : isFlag(inputs.get(field), totals);
    }

    /** Whether {@code node}, over the scanned columns, is the totals' flag column, or IS TRUE of it. */
    private boolean isFlag(RexNode node, GroupTotals.Columns totals) {
        RexNode flag = node.isA(SqlKind.IS_TRUE) ? ((RexCall) node).getOperands().get(0) : node;
        return flag instanceof RexInputRef ref && scanned[ref.getIndex()] == totals.flag();
    }

    /**
     * Whether input field {@code field} of the aggregate is {@code CASE WHEN flag THEN <literal>
     * END}: NULL, and so not counted, unless the totals' flag is set.
     */
    private boolean countsFlagged(int field, GroupTotals.Columns totals) {
        if (inputs == null || !(inputs.get(field) instanceof RexCall call) || !call.isA(SqlKind.CASE)
                || call.getOperands().size() != 3) {
            return false;
        }
        List<RexNode> operands = call.getOperands();
        return isFlag(operands.get(0), totals) && operands.get(1) instanceof RexLiteral then && !then.isNull()
                && operands.get(2) instanceof RexLiteral otherwise && otherwise.isNull();
    }

    /** The table's columns the scan reads: those its keys, its aggregates and the filters use. */
    ImmutableBitSet columnsRead() {
        ImmutableBitSet.Builder used = ImmutableBitSet.builder();
        for (int key : keys) {
            used.addAll(columnsOf(key));
        }
        for (Call call : calls) {
            if (call.argument >= 0) {
                used.addAll(columnsOf(call.argument));
            }
            if (call.filter >= 0) {
                used.addAll(columnsOf(call.filter));
            }
        }
        return ColumnSource.columnsRead(used.build().toArray(), filters, table.columnCount());
    }

    /** The table's columns input field {@code field} reads: a scan maps and checks only the files of the columns it uses. */
    private ImmutableBitSet columnsOf(int field) {
        if (inputs == null) {
            return ImmutableBitSet.of(scanned[field]);
        }
        ImmutableBitSet.Builder columns = ImmutableBitSet.builder();
        for (int ref : RelOptUtil.InputFinder.bits(inputs.get(field))) {
            columns.set(scanned[ref]);
        }
        return columns.build();
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

    /**
     * E.g. {@code SUM(self_ns), COUNT(*) GROUP BY method_id}, for EXPLAIN PLAN; through a
     * projection, {@code SUM(+($1, 1)) GROUP BY $0 OVER (method_id, self_ns)}: the columns the
     * projection's {@code $i} are, when they are not all the table's in order. It is the plan node's digest, so it names everything the rows
     * depend on but the table and filters, which the node names itself: without the columns,
     * {@code SUM(self_ns + 1)} and {@code SUM(duration_ns + 1)} had the same digest, and the
     * planner answered both with one.
     */
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
        List<String> columns = new ArrayList<>();
        for (int column : scanned) {
            columns.add(table.columnName(column));
        }
        return String.join(", ", parts) + (groups.isEmpty() ? "" : " GROUP BY " + String.join(", ", groups))
                + (inputs == null || readsEveryColumn() ? "" : " OVER (" + String.join(", ", columns) + ")");
    }

    /** Whether the scanned columns are the table's, in order: then a projection's {@code $i} is column i. */
    private boolean readsEveryColumn() {
        return scanned.length == table.columnCount() && IntStream.range(0, scanned.length).allMatch(i -> scanned[i] == i);
    }

    /** The name of group key {@code key}. */
    String keyName(int key) {
        int column = column(keys[key]);
        return column >= 0 ? table.columnName(column) : field(keys[key]);
    }

    private String field(int input) {
        return inputs == null ? table.columnName(scanned[input]) : inputs.get(input).toString();
    }
}
