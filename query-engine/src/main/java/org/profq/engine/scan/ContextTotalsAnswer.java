package org.profq.engine.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * An aggregation answered from a table's {@link ContextTotals} instead of its rows, when that
 * gives exactly what the scan gives: filters that the calling context decides ({@link ContextFilter}),
 * grouped by columns the context determines or not grouped at all, and every aggregate a {@code COUNT}, {@code SUM} or {@code MAX} whose argument (and
 * {@code FILTER}) is, within a group of one context and flags, a measure column or a literal: a
 * measure, a literal, or {@code CASE WHEN <flag test> THEN .. ELSE .. END} of those, where a flag
 * test is {@code outermost}, {@code parent_call_id IS NULL}, and their NOT, AND, OR. Such an
 * argument is resolved at planning, for each of the four flag combinations, to a measure or a
 * literal; a run adds up the groups into the query's groups (merged by their keys' SQL values, in
 * the order their first rows came, as {@link AggregationOutput} merges a scan's).
 */
final class ContextTotalsAnswer {
    private static final int FLAG_COMBINATIONS = 4;

    /** What a call's argument is within a group of some flags: measure {@code measure}, or {@code literal} when it is -1. */
    private record Term(int measure, long literal) {
    }

    private final int[] keyColumns;
    /** Which groups' rows pass the scan's filters. */
    private final ContextFilter filter;
    private final List<AggregationSpec.Call> calls;
    /** By call and flags: the argument's value (null for {@code COUNT(*)}), and whether the group's rows are counted. */
    private final Term[][] terms;
    private final boolean[][] counted;

    private ContextTotalsAnswer(int[] keyColumns, ContextFilter filter, List<AggregationSpec.Call> calls, Term[][] terms,
                                boolean[][] counted) {
        this.keyColumns = keyColumns;
        this.filter = filter;
        this.calls = calls;
        this.terms = terms;
        this.counted = counted;
    }

    /** The table's key columns whose values the totals' groups are asked for: the query's keys in its order, then those its filters read. */
    int[] keyColumns() {
        int[] filterColumns = filter.columns();
        int[] all = Arrays.copyOf(keyColumns, keyColumns.length + filterColumns.length);
        System.arraycopy(filterColumns, 0, all, keyColumns.length, filterColumns.length);
        return all;
    }

    /**
     * The answer to the aggregation of {@code calls} over {@code table}'s rows that pass {@code filters},
     * grouped by input fields {@code keys}, whose input fields are {@code inputs} over the table's
     * columns {@code scanned} (or those columns themselves when {@code inputs} is null); null when
     * the table keeps no such totals or they do not answer it.
     */
    static ContextTotalsAnswer of(ColumnSource table, List<RexNode> filters, int[] scanned, List<RexNode> inputs,
                                  int[] keys, List<AggregationSpec.Call> calls) {
        ContextTotals.Columns columns = table.contextTotalsColumns();
        ContextFilter filter = columns == null ? null : ContextFilter.of(filters, columns);
        if (filter == null) {
            return null;
        }
        Resolver resolver = new Resolver(columns, scanned, inputs);
        int[] keyColumns = new int[keys.length];
        for (int k = 0; k < keys.length; k++) {
            keyColumns[k] = resolver.column(keys[k]);
            if (!columns.isContextKey(keyColumns[k])) {
                return null;
            }
        }
        Term[][] terms = new Term[calls.size()][FLAG_COMBINATIONS];
        boolean[][] counted = new boolean[calls.size()][FLAG_COMBINATIONS];
        for (int c = 0; c < calls.size(); c++) {
            AggregationSpec.Call call = calls.get(c);
            if (call.function() == AggregateFunction.MIN) {
                return null;
            }
            for (int flags = 0; flags < FLAG_COMBINATIONS; flags++) {
                Boolean passes = call.filter() < 0 ? Boolean.TRUE : resolver.conditionOfField(call.filter(), flags);
                Term term = call.argument() < 0 ? null : resolver.valueOfField(call.argument(), flags);
                if (passes == null || call.argument() >= 0 && term == null
                        || call.argument() < 0 && call.function() != AggregateFunction.COUNT) {
                    return null;
                }
                terms[c][flags] = term;
                counted[c][flags] = passes;
            }
        }
        return new ContextTotalsAnswer(keyColumns, filter, calls, terms, counted);
    }

    /** The aggregation's rows, one per group of the query: the keys, then each call's value. */
    List<Object[]> rows(ContextTotals totals) {
        int keys = keyColumns.length;
        int aggregates = calls.size();
        Map<List<Object>, Integer> merged = new LinkedHashMap<>();
        if (keys == 0) {
            merged.put(List.of(), 0); // an aggregate without GROUP BY has its one row even over no rows
        }
        long[][] sums = new long[aggregates][Math.max(1, totals.groups())];
        long[][] counts = new long[aggregates][Math.max(1, totals.groups())];
        for (int group = 0; group < totals.groups(); group++) {
            if (!filter.holds(totals, group, keys)) {
                continue;
            }
            Object[] keyValues = new Object[keys];
            for (int k = 0; k < keys; k++) {
                keyValues[k] = totals.key(group, k);
            }
            Integer into = merged.putIfAbsent(Arrays.asList(keyValues), merged.size());
            into = into != null ? into : merged.size() - 1;
            int flags = totals.flags(group);
            long rows = totals.rows(group);
            for (int c = 0; c < aggregates; c++) {
                if (!counted[c][flags]) {
                    continue;
                }
                Term term = terms[c][flags];
                AggregateFunction function = calls.get(c).function();
                long total = term == null || function == AggregateFunction.COUNT ? 0
                        : function == AggregateFunction.MAX ? (term.measure < 0 ? term.literal : totals.max(group, term.measure))
                        : term.measure < 0 ? term.literal * rows : totals.sum(group, term.measure);
                function.combine(sums[c], counts[c], into, total, rows);
            }
        }
        List<Object[]> result = new ArrayList<>(merged.size());
        for (List<Object> keyValues : merged.keySet()) {
            int group = result.size();
            Object[] row = Arrays.copyOf(keyValues.toArray(), keys + aggregates);
            for (int c = 0; c < aggregates; c++) {
                row[keys + c] = calls.get(c).result(sums[c][group], counts[c][group]);
            }
            result.add(row);
        }
        return result;
    }

    /** Resolves the aggregate's input fields, for a group of given flags, to terms and truth values. */
    private record Resolver(ContextTotals.Columns columns, int[] scanned, List<RexNode> inputs) {

        /** The table's column input field {@code field} is, or -1 when it is an expression. */
        int column(int field) {
            if (inputs == null) {
                return scanned[field];
            }
            return inputs.get(field) instanceof RexInputRef ref ? scanned[ref.getIndex()] : -1;
        }

        Term valueOfField(int field, int flags) {
            return inputs == null ? valueOfColumn(scanned[field]) : value(inputs.get(field), flags);
        }

        Boolean conditionOfField(int field, int flags) {
            return inputs == null ? conditionOfColumn(scanned[field], flags) : condition(inputs.get(field), flags);
        }

        private Term valueOfColumn(int column) {
            int measure = columns.measure(column);
            return measure < 0 ? null : new Term(measure, 0);
        }

        private Boolean conditionOfColumn(int column, int flags) {
            return column == columns.outermost() ? (flags & ContextTotals.OUTERMOST) != 0 : null;
        }

        /** {@code node}'s value in every row of a group of {@code flags}: a measure or a literal; null if it is neither. */
        private Term value(RexNode node, int flags) {
            if (node instanceof RexInputRef ref) {
                return valueOfColumn(scanned[ref.getIndex()]);
            }
            if (node instanceof RexLiteral literal) {
                return !literal.isNull() && SqlTypeFamily.EXACT_NUMERIC.contains(literal.getType())
                        && literal.getType().getScale() <= 0 && literal.getValueAs(Long.class) != null ? new Term(-1, literal.getValueAs(Long.class)) : null;
            }
            if (!(node instanceof RexCall call)) {
                return null;
            }
            if (call.isA(SqlKind.CAST)) {
                RexNode operand = call.getOperands().get(0);
                SqlTypeName to = call.getType().getSqlTypeName();
                boolean widening = to == SqlTypeName.BIGINT && SqlTypeFamily.EXACT_NUMERIC.contains(operand.getType())
                        && operand.getType().getScale() <= 0;
                return widening || operand instanceof RexLiteral && SqlTypeFamily.INTEGER.contains(call.getType())
                        ? value(operand, flags) : null;
            }
            if (call.isA(SqlKind.CASE)) {
                List<RexNode> operands = call.getOperands();
                for (int i = 0; i + 1 < operands.size(); i += 2) {
                    Boolean when = condition(operands.get(i), flags);
                    if (when == null) {
                        return null;
                    }
                    if (when) {
                        return value(operands.get(i + 1), flags);
                    }
                }
                return value(operands.get(operands.size() - 1), flags);
            }
            return null;
        }

        /** {@code node}'s truth in every row of a group of {@code flags}; null if the flags do not tell it. */
        private Boolean condition(RexNode node, int flags) {
            if (node instanceof RexInputRef ref) {
                return conditionOfColumn(scanned[ref.getIndex()], flags);
            }
            if (node instanceof RexLiteral literal) {
                return literal.isAlwaysTrue() ? Boolean.TRUE : literal.isAlwaysFalse() ? Boolean.FALSE : null;
            }
            if (!(node instanceof RexCall call)) {
                return null;
            }
            List<RexNode> operands = call.getOperands();
            switch (call.getKind()) {
                case IS_TRUE, IS_NOT_FALSE -> {
                    return condition(operands.get(0), flags);
                }
                case IS_FALSE, IS_NOT_TRUE, NOT -> {
                    Boolean inner = condition(operands.get(0), flags);
                    return inner == null ? null : !inner;
                }
                case IS_NULL, IS_NOT_NULL -> {
                    if (!(operands.get(0) instanceof RexInputRef ref) || scanned[ref.getIndex()] != columns.parent()) {
                        return null;
                    }
                    boolean root = (flags & ContextTotals.ROOT) != 0;
                    return call.getKind() == SqlKind.IS_NULL ? root : !root;
                }
                case AND, OR -> {
                    boolean and = call.getKind() == SqlKind.AND;
                    for (RexNode operand : operands) {
                        Boolean value = condition(operand, flags);
                        if (value == null) {
                            return null;
                        }
                        if (value != and) {
                            return value;
                        }
                    }
                    return and;
                }
                default -> {
                    return null;
                }
            }
        }
    }
}
