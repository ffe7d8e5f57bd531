package org.profq.engine.scan;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.util.Sarg;

/**
 * A scan's filters that only what the calling context determines can decide: each group of the
 * {@link ContextTotals} (a context and its flags) has all of its rows pass or none, so the totals
 * answer an aggregation under them by leaving out the groups that fail. Understood: comparisons
 * and {@code SEARCH} (IN, BETWEEN) of a numeric context key (method_id, depth) with literals,
 * the boolean context key (outermost), {@code parent_call_id IS [NOT] NULL}, literals, and NOT,
 * AND, OR, IS [NOT] TRUE/FALSE over those, in SQL's three-valued logic. A filter of anything
 * else is not a context filter ({@link #of} gives null) and the rows are scanned.
 */
final class ContextFilter {
    /** A truth value of a group's rows: TRUE, FALSE, or null for SQL's UNKNOWN. */
    private interface Condition {
        Boolean of(Group group);
    }

    /** Group {@code group} of {@code totals}, whose filter columns' values are its keys from {@code firstKey} on. */
    private record Group(ContextTotals totals, int group, int firstKey) {
        Object key(int filterColumn) {
            return totals.key(group, firstKey + filterColumn);
        }

        boolean root() {
            return (totals.flags(group) & ContextTotals.ROOT) != 0;
        }
    }

    /** Every group passes: no filters. */
    static final ContextFilter NONE = new ContextFilter(List.of(), List.of());

    private final List<Condition> conditions;
    /** The table's columns the filters read the values of, in the order {@link #holds} finds them among the keys. */
    private final List<Integer> columns;

    private ContextFilter(List<Condition> conditions, List<Integer> columns) {
        this.conditions = conditions;
        this.columns = columns;
    }

    /** {@code filters} (over the table's columns, all to hold) as a context filter; null when one is not decided by the context alone. */
    static ContextFilter of(List<RexNode> filters, ContextTotals.Columns columns) {
        if (filters.isEmpty()) {
            return NONE;
        }
        Compiler compiler = new Compiler(columns);
        List<Condition> conditions = new ArrayList<>();
        for (RexNode filter : filters) {
            Condition condition = compiler.condition(filter);
            if (condition == null) {
                return null;
            }
            conditions.add(condition);
        }
        return new ContextFilter(List.copyOf(conditions), List.copyOf(compiler.read));
    }

    /** The context key columns whose values {@link #holds} reads, to be asked of the totals after the query's own keys. */
    int[] columns() {
        return columns.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether the rows of group {@code group} pass, its values of {@link #columns} being its keys from {@code firstKey} on. */
    boolean holds(ContextTotals totals, int group, int firstKey) {
        Group values = new Group(totals, group, firstKey);
        for (Condition condition : conditions) {
            if (!Boolean.TRUE.equals(condition.of(values))) {
                return false;
            }
        }
        return true;
    }

    /** Turns filter expressions into conditions over a group, noting the context keys they read. */
    private static final class Compiler {
        private final ContextTotals.Columns columns;
        final List<Integer> read = new ArrayList<>();

        Compiler(ContextTotals.Columns columns) {
            this.columns = columns;
        }

        /** The filter column (an index into {@link #read}) of table column {@code column}. */
        private int filterColumn(int column) {
            int at = read.indexOf(column);
            if (at < 0) {
                read.add(column);
                at = read.size() - 1;
            }
            return at;
        }

        Condition condition(RexNode node) {
            if (node instanceof RexLiteral literal) {
                Boolean value = literal.isNull() ? null : literal.isAlwaysTrue() ? Boolean.TRUE : literal.isAlwaysFalse() ? Boolean.FALSE : null;
                return literal.isNull() || value != null ? group -> value : null;
            }
            if (node instanceof RexInputRef ref) {
                if (ref.getIndex() != columns.outermost() || !columns.isContextKey(ref.getIndex())) {
                    return null;
                }
                int key = filterColumn(ref.getIndex());
                return group -> (Boolean) group.key(key);
            }
            if (!(node instanceof RexCall call)) {
                return null;
            }
            List<RexNode> operands = call.getOperands();
            return switch (call.getKind()) {
                case NOT -> negation(condition(operands.get(0)));
                case IS_TRUE, IS_NOT_TRUE, IS_FALSE, IS_NOT_FALSE -> test(call.getKind(), condition(operands.get(0)));
                case AND, OR -> connective(call.getKind() == SqlKind.AND, operands);
                case IS_NULL, IS_NOT_NULL -> parentIsNull(operands.get(0), call.getKind() == SqlKind.IS_NULL);
                case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
                        comparison(call.getKind(), operands.get(0), operands.get(1));
                case SEARCH -> search(operands.get(0), operands.get(1));
                default -> null;
            };
        }

        private static Condition negation(Condition inner) {
            return inner == null ? null : group -> {
                Boolean value = inner.of(group);
                return value == null ? null : !value;
            };
        }

        private static Condition test(SqlKind kind, Condition inner) {
            if (inner == null) {
                return null;
            }
            return group -> {
                Boolean value = inner.of(group);
                return switch (kind) {
                    case IS_TRUE -> Boolean.TRUE.equals(value);
                    case IS_NOT_TRUE -> !Boolean.TRUE.equals(value);
                    case IS_FALSE -> Boolean.FALSE.equals(value);
                    default -> !Boolean.FALSE.equals(value);
                };
            };
        }

        private Condition connective(boolean and, List<RexNode> operands) {
            List<Condition> parts = new ArrayList<>();
            for (RexNode operand : operands) {
                Condition part = condition(operand);
                if (part == null) {
                    return null;
                }
                parts.add(part);
            }
            return group -> {
                boolean unknown = false;
                for (Condition part : parts) {
                    Boolean value = part.of(group);
                    if (value == null) {
                        unknown = true;
                    } else if (value != and) {
                        return value; // FALSE decides an AND, TRUE an OR
                    }
                }
                return unknown ? null : and;
            };
        }

        private Condition parentIsNull(RexNode operand, boolean isNull) {
            if (!(operand instanceof RexInputRef ref) || ref.getIndex() != columns.parent()) {
                return null;
            }
            return group -> group.root() == isNull;
        }

        private Condition comparison(SqlKind kind, RexNode left, RexNode right) {
            if (left instanceof RexLiteral) {
                RexNode swap = left;
                left = right;
                right = swap;
                kind = kind.reverse();
            }
            int key = numericKey(left);
            if (key < 0 || !(right instanceof RexLiteral literal) || !SqlTypeFamily.NUMERIC.contains(literal.getType())) {
                return null;
            }
            if (literal.isNull()) {
                return group -> null;
            }
            BigDecimal bound = literal.getValueAs(BigDecimal.class);
            SqlKind comparison = kind;
            return group -> {
                int order = keyValue(group, key).compareTo(bound);
                return switch (comparison) {
                    case EQUALS -> order == 0;
                    case NOT_EQUALS -> order != 0;
                    case LESS_THAN -> order < 0;
                    case LESS_THAN_OR_EQUAL -> order <= 0;
                    case GREATER_THAN -> order > 0;
                    default -> order >= 0;
                };
            };
        }

        @SuppressWarnings({"rawtypes", "unchecked"})
        private Condition search(RexNode operand, RexNode ranges) {
            int key = numericKey(operand);
            if (key < 0 || !(ranges instanceof RexLiteral literal) || !(literal.getValue() instanceof Sarg sarg)
                    || !SqlTypeFamily.NUMERIC.contains(literal.getType())) {
                return null;
            }
            return group -> sarg.rangeSet.contains(keyValue(group, key)); // the key is never NULL, so nullAs does not matter
        }

        /** The filter column of {@code node} when it is a numeric context key (or a cast of one to a wider integer type); else -1. */
        private int numericKey(RexNode node) {
            if (node instanceof RexCall cast && cast.isA(SqlKind.CAST) && SqlTypeFamily.INTEGER.contains(cast.getType())
                    && SqlTypeFamily.INTEGER.contains(cast.getOperands().get(0).getType())
                    && cast.getType().getPrecision() >= cast.getOperands().get(0).getType().getPrecision()) {
                node = cast.getOperands().get(0);
            }
            if (!(node instanceof RexInputRef ref) || !columns.isContextKey(ref.getIndex())
                    || !SqlTypeFamily.INTEGER.contains(ref.getType())) {
                return -1;
            }
            return filterColumn(ref.getIndex());
        }

        private static BigDecimal keyValue(Group group, int key) {
            return BigDecimal.valueOf(((Number) group.key(key)).longValue());
        }
    }
}
