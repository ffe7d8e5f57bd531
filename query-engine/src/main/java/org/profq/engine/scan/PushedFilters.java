package org.profq.engine.scan;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.Sarg;

/**
 * Filter push-down: the filters Calcite offers a scan that can be tested on a row's raw
 * column values while scanning the mapped columns, before a row is built. Handled: a numeric
 * or flag column compared with a literal ({@code =, <>, <, <=, >, >=}), ranges and IN lists
 * (Calcite's {@code SEARCH}), {@code IS [NOT] NULL}, a flag column alone or negated, and
 * AND/OR of these. Each handled filter is removed from Calcite's list, so Calcite does not
 * test it again; the others stay for Calcite.
 */
final class PushedFilters {
    /** A range no value is in. */
    private static final long[] EMPTY = {1, 0};

    /**
     * A test of one row, by index, or of a block's rows at a time: a scan that reads blocks
     * {@link #refine}s a block's selection, so a test of a column reads the block's values as
     * one array in a loop of its own instead of a row at a time through the reader.
     */
    interface RowTest {
        boolean test(long row);

        /**
         * Keeps, of the rows {@code selected[0..n)} (indexes within block {@code block}, whose
         * first row is {@code first}, in rising order) those that pass, in order; gives how many.
         */
        default int refine(long block, long first, int[] selected, int n) {
            int kept = 0;
            for (int j = 0; j < n; j++) {
                int i = selected[j];
                if (test(first + i)) {
                    selected[kept++] = i;
                }
            }
            return kept;
        }
    }

    /** Whether it can test every one of {@code filters} on the columns: a plan that relies on it to leave none for Calcite. */
    static boolean takesAll(List<RexNode> filters, ColumnReader[] columns) {
        List<RexNode> left = new ArrayList<>(filters);
        take(left, columns);
        return left.isEmpty();
    }

    /** Takes the filters it can test out of {@code filters}; null when it takes none. */
    static RowTest take(List<RexNode> filters, ColumnReader[] columns) {
        List<RowTest> tests = new ArrayList<>();
        for (Iterator<RexNode> it = filters.iterator(); it.hasNext(); ) {
            RowTest test = translate(it.next(), columns);
            if (test != null) {
                tests.add(test);
                it.remove();
            }
        }
        return switch (tests.size()) {
            case 0 -> null;
            case 1 -> tests.get(0);
            default -> all(tests.toArray(RowTest[]::new));
        };
    }

    private static RowTest translate(RexNode node, ColumnReader[] columns) {
        switch (node.getKind()) {
            case INPUT_REF -> {
                ColumnReader flag = comparable(node, columns);
                return flag == null ? null : inRange(flag, 1, 1, false);
            }
            case NOT -> {
                ColumnReader flag = comparable(((RexCall) node).getOperands().get(0), columns);
                return flag == null ? null : inRange(flag, 0, 0, false);
            }
            case IS_NULL, IS_NOT_NULL -> {
                ColumnReader column = comparable(((RexCall) node).getOperands().get(0), columns);
                if (column == null) {
                    return null;
                }
                boolean wantNull = node.getKind() == SqlKind.IS_NULL;
                return new ValueTest(column) {
                    @Override
                    boolean passes(long raw) {
                        return column.isNull(raw) == wantNull;
                    }
                };
            }
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> {
                return comparison((RexCall) node, columns);
            }
            case SEARCH -> {
                RexCall call = (RexCall) node;
                ColumnReader column = comparable(call.getOperands().get(0), columns);
                if (column == null || !(call.getOperands().get(1) instanceof RexLiteral literal)) {
                    return null;
                }
                Sarg<?> sarg = literal.getValueAs(Sarg.class);
                List<long[]> ranges = new ArrayList<>();
                for (Range<?> range : sarg.rangeSet.asRanges()) {
                    long[] bounds = bounds(range);
                    if (bounds == null) {
                        return null;
                    }
                    ranges.add(bounds);
                }
                return inRanges(column, ranges.toArray(long[][]::new), sarg.nullAs == RexUnknownAs.TRUE);
            }
            case AND, OR -> {
                List<RowTest> parts = new ArrayList<>();
                for (RexNode operand : ((RexCall) node).getOperands()) {
                    RowTest part = translate(operand, columns);
                    if (part == null) {
                        return null;
                    }
                    parts.add(part);
                }
                RowTest[] tests = parts.toArray(RowTest[]::new);
                return node.getKind() == SqlKind.AND ? all(tests) : any(tests);
            }
            default -> {
                return null;
            }
        }
    }

    private static RowTest comparison(RexCall call, ColumnReader[] columns) {
        SqlKind kind = call.getKind();
        RexNode left = call.getOperands().get(0);
        RexNode right = call.getOperands().get(1);
        if (left instanceof RexLiteral) {
            RexNode swap = left;
            left = right;
            right = swap;
            kind = kind.reverse();
        }
        ColumnReader column = comparable(left, columns);
        if (column == null || !(right instanceof RexLiteral literal) || literal.isNull()) {
            return null;
        }
        BigDecimal value = literal.getValue() instanceof Boolean flag ? BigDecimal.valueOf(flag ? 1 : 0)
                : literal.getValueAs(BigDecimal.class);
        if (value == null || !fitsLong(value)) {
            return null;
        }
        long floor = value.setScale(0, RoundingMode.FLOOR).longValueExact();
        long ceiling = value.setScale(0, RoundingMode.CEILING).longValueExact();
        boolean integral = floor == ceiling;
        long[] range = switch (kind) {
            case EQUALS -> integral ? new long[] {floor, floor} : EMPTY;
            case LESS_THAN -> ceiling == Long.MIN_VALUE ? EMPTY : new long[] {Long.MIN_VALUE, ceiling - 1};
            case LESS_THAN_OR_EQUAL -> new long[] {Long.MIN_VALUE, floor};
            case GREATER_THAN -> floor == Long.MAX_VALUE ? EMPTY : new long[] {floor + 1, Long.MAX_VALUE};
            case GREATER_THAN_OR_EQUAL -> new long[] {ceiling, Long.MAX_VALUE};
            case NOT_EQUALS -> null;
            default -> throw new IllegalStateException(kind.toString());
        };
        if (range == null) {
            return new ValueTest(column) {
                @Override
                boolean passes(long raw) {
                    return !column.isNull(raw) && (!integral || raw != floor);
                }
            };
        }
        return inRanges(column, new long[][] {range}, false);
    }

    private static RowTest inRanges(ColumnReader column, long[][] ranges, boolean nullPasses) {
        if (ranges.length == 1) {
            return inRange(column, ranges[0][0], ranges[0][1], nullPasses);
        }
        return new ValueTest(column) {
            @Override
            boolean passes(long raw) {
                if (column.isNull(raw)) {
                    return nullPasses;
                }
                for (long[] range : ranges) {
                    if (raw >= range[0] && raw <= range[1]) {
                        return true;
                    }
                }
                return false;
            }

            @Override
            public int refine(long block, long first, int[] selected, int n) {
                if (!nullPasses) {
                    for (long[] range : ranges) {
                        if (column.mayHold(block, range[0], range[1])) {
                            return super.refine(block, first, selected, n);
                        }
                    }
                    return 0;
                }
                return super.refine(block, first, selected, n);
            }
        };
    }

    /** Whether a column's value lies in {@code [low, high]}; a NULL passes when {@code nullPasses}. */
    private static RowTest inRange(ColumnReader column, long low, long high, boolean nullPasses) {
        return new ValueTest(column) {
            @Override
            boolean passes(long raw) {
                return column.isNull(raw) ? nullPasses : raw >= low && raw <= high;
            }

            @Override
            public int refine(long block, long first, int[] selected, int n) {
                if (!nullPasses && !column.mayHold(block, low, high)) {
                    return 0; // no value of the block is in range: it is not even decoded
                }
                if (!column.neverNull()) {
                    return super.refine(block, first, selected, n);
                }
                long[] values = column.rawBlock(block);
                int kept = 0;
                for (int j = 0; j < n; j++) { // the common case: one comparison per value, no call
                    int i = selected[j];
                    long raw = values[i];
                    if (raw >= low && raw <= high) {
                        selected[kept++] = i;
                    }
                }
                return kept;
            }
        };
    }

    /** A test of one column's raw value: a row at a time through the reader, a block at a time on its values. */
    private abstract static class ValueTest implements RowTest {
        final ColumnReader column;

        ValueTest(ColumnReader column) {
            this.column = column;
        }

        abstract boolean passes(long raw);

        @Override
        public boolean test(long row) {
            return passes(column.raw(row));
        }

        @Override
        public int refine(long block, long first, int[] selected, int n) {
            long[] values = column.rawBlock(block);
            int kept = 0;
            for (int j = 0; j < n; j++) {
                int i = selected[j];
                if (passes(values[i])) {
                    selected[kept++] = i;
                }
            }
            return kept;
        }
    }

    /** A Sarg range as inclusive long bounds; null when its endpoints are not numbers within long's range. */
    private static long[] bounds(Range<?> range) {
        long low = Long.MIN_VALUE;
        long high = Long.MAX_VALUE;
        if (range.hasLowerBound()) {
            if (!(range.lowerEndpoint() instanceof BigDecimal endpoint) || !fitsLong(endpoint)) {
                return null;
            }
            if (range.lowerBoundType() == BoundType.CLOSED) {
                low = endpoint.setScale(0, RoundingMode.CEILING).longValueExact();
            } else {
                low = endpoint.setScale(0, RoundingMode.FLOOR).longValueExact();
                if (low == Long.MAX_VALUE) {
                    return EMPTY;
                }
                low++;
            }
        }
        if (range.hasUpperBound()) {
            if (!(range.upperEndpoint() instanceof BigDecimal endpoint) || !fitsLong(endpoint)) {
                return null;
            }
            if (range.upperBoundType() == BoundType.CLOSED) {
                high = endpoint.setScale(0, RoundingMode.FLOOR).longValueExact();
            } else {
                high = endpoint.setScale(0, RoundingMode.CEILING).longValueExact();
                if (high == Long.MIN_VALUE) {
                    return EMPTY;
                }
                high--;
            }
        }
        return new long[] {low, high};
    }

    /** The column a filter operand reads, if it is a comparable column (through a widening integer cast). */
    private static ColumnReader comparable(RexNode operand, ColumnReader[] columns) {
        if (operand.getKind() == SqlKind.CAST) {
            RexNode inner = ((RexCall) operand).getOperands().get(0);
            if (!SqlTypeUtil.isIntType(inner.getType()) || !SqlTypeUtil.isIntType(operand.getType())
                    || operand.getType().getSqlTypeName().ordinal() < inner.getType().getSqlTypeName().ordinal()) {
                return null;
            }
            operand = inner;
        }
        if (!(operand instanceof RexInputRef ref)) {
            return null;
        }
        ColumnReader column = columns[ref.getIndex()];
        return column.comparable() ? column : null;
    }

    private static boolean fitsLong(BigDecimal value) {
        return value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0 && value.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0;
    }

    private static RowTest all(RowTest[] tests) {
        return new RowTest() {
            @Override
            public boolean test(long row) {
                for (RowTest test : tests) {
                    if (!test.test(row)) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public int refine(long block, long first, int[] selected, int n) {
                for (int t = 0; t < tests.length && n > 0; t++) {
                    n = tests[t].refine(block, first, selected, n);
                }
                return n;
            }
        };
    }

    private static RowTest any(RowTest[] tests) {
        return row -> {
            for (RowTest test : tests) {
                if (test.test(row)) {
                    return true;
                }
            }
            return false;
        };
    }

    private PushedFilters() {
    }
}
