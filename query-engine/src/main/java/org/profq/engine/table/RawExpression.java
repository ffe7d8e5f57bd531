package org.profq.engine.table;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * An integer or boolean expression evaluated on a row's raw column values, with no boxing: what
 * an aggregation scan sums, counts or compares. Booleans are 1 and 0. {@link #compile} takes
 * the expressions profile views use (columns, integer literals, {@code CASE}, comparisons,
 * {@code IS [NOT] NULL / TRUE}, {@code NOT}, widening casts, {@code + - *}) and gives null for
 * anything else, so the query keeps Calcite's own plan.
 */
abstract class RawExpression {
    /** Whether the expression can be NULL at all: if not, {@link #isNull} need not be asked. */
    boolean nullable = true;

    abstract long value(long row);

    abstract boolean isNull(long row);

    /** Whether a boolean expression is true at {@code row} (not false, not NULL). */
    final boolean isTrue(long row) {
        return (!nullable || !isNull(row)) && value(row) != 0;
    }

    /** {@code node} compiled as {@link #compile(RexNode, ColumnReader[])}, known never NULL when its type says so. */
    static RawExpression compileTyped(RexNode node, ColumnReader[] inputs) {
        RawExpression compiled = compile(node, inputs);
        if (compiled != null && !node.getType().isNullable()) {
            compiled.nullable = false;
        }
        return compiled;
    }

    /** {@code node} over {@code inputs} (RexInputRef i reads inputs[i]), or null if it is not an expression this evaluates. */
    static RawExpression compile(RexNode node, ColumnReader[] inputs) {
        SqlTypeName type = node.getType().getSqlTypeName();
        if (!isInteger(type) && type != SqlTypeName.BOOLEAN && type != SqlTypeName.NULL) {
            return null;
        }
        if (node instanceof RexInputRef ref) {
            ColumnReader column = inputs[ref.getIndex()];
            return column.comparable() ? ofColumn(column) : null;
        }
        if (node instanceof RexLiteral literal) {
            return literal(literal);
        }
        if (!(node instanceof RexCall call)) {
            return null;
        }
        List<RawExpression> operands = new ArrayList<>();
        for (RexNode operand : call.getOperands()) {
            RawExpression compiled = compileTyped(operand, inputs);
            if (compiled == null) {
                return null;
            }
            operands.add(compiled);
        }
        return switch (call.getKind()) {
            case CASE -> caseOf(operands);
            case IS_NULL -> test(operands.get(0), false, true);
            case IS_NOT_NULL -> test(operands.get(0), false, false);
            case IS_TRUE -> test(operands.get(0), true, true);
            case IS_NOT_TRUE -> test(operands.get(0), true, false);
            case NOT -> arithmetic(operands.get(0), literal(1), '^');
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
                    comparison(call, operands.get(0), operands.get(1));
            case PLUS -> arithmetic(operands.get(0), operands.get(1), '+');
            case MINUS -> arithmetic(operands.get(0), operands.get(1), '-');
            case TIMES -> arithmetic(operands.get(0), operands.get(1), '*');
            case CAST -> widening(call) ? operands.get(0) : null;
            default -> null;
        };
    }

    private static boolean isInteger(SqlTypeName type) {
        return type == SqlTypeName.TINYINT || type == SqlTypeName.SMALLINT || type == SqlTypeName.INTEGER
                || type == SqlTypeName.BIGINT;
    }

    /** A cast between integer types that keeps every value (or boolean to boolean). */
    private static boolean widening(RexCall cast) {
        SqlTypeName from = cast.getOperands().get(0).getType().getSqlTypeName();
        SqlTypeName to = cast.getType().getSqlTypeName();
        if (from == to) {
            return true;
        }
        List<SqlTypeName> widths = List.of(SqlTypeName.TINYINT, SqlTypeName.SMALLINT, SqlTypeName.INTEGER, SqlTypeName.BIGINT);
        return widths.contains(from) && widths.indexOf(from) <= widths.indexOf(to);
    }

    /** A numeric or flag column's raw value. */
    static RawExpression of(ColumnReader column, boolean nullable) {
        RawExpression expression = ofColumn(column);
        expression.nullable = nullable;
        return expression;
    }

    private static RawExpression ofColumn(ColumnReader column) {
        return new RawExpression() {
            long value(long row) { return column.raw(row); }
            boolean isNull(long row) { return column.isNull(column.raw(row)); }
        };
    }

    private static RawExpression literal(RexLiteral literal) {
        if (literal.isNull()) {
            return new RawExpression() {
                long value(long row) { return 0; }
                boolean isNull(long row) { return true; }
            };
        }
        Comparable<?> value = literal.getValue();
        long constant;
        if (value instanceof Boolean flag) {
            constant = flag ? 1 : 0;
        } else if (value instanceof BigDecimal number) {
            try {
                constant = number.longValueExact(); // throws for a fraction or beyond a long
            } catch (ArithmeticException notALong) {
                return null;
            }
        } else {
            return null;
        }
        return literal(constant);
    }

    private static RawExpression literal(long constant) {
        RawExpression literal = new RawExpression() {
            long value(long row) { return constant; }
            boolean isNull(long row) { return false; }
        };
        literal.nullable = false;
        return literal;
    }

    /** CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 …] ELSE e END: operands c1, v1, c2, v2, …, e. */
    private static RawExpression caseOf(List<RawExpression> operands) {
        RawExpression[] parts = operands.toArray(RawExpression[]::new);
        return new RawExpression() {
            long value(long row) { return chosen(row).value(row); }
            boolean isNull(long row) {
                RawExpression chosen = chosen(row);
                return chosen.nullable && chosen.isNull(row);
            }

            private RawExpression chosen(long row) {
                for (int i = 0; i + 1 < parts.length; i += 2) {
                    if (parts[i].isTrue(row)) {
                        return parts[i + 1];
                    }
                }
                return parts[parts.length - 1];
            }
        };
    }

    /** IS [NOT] NULL ({@code ofTruth} false) or IS [NOT] TRUE ({@code ofTruth} true): never NULL. */
    private static RawExpression test(RawExpression operand, boolean ofTruth, boolean expected) {
        return new RawExpression() {
            long value(long row) {
                boolean holds = ofTruth ? operand.isTrue(row) : operand.nullable && operand.isNull(row);
                return holds == expected ? 1 : 0;
            }
            boolean isNull(long row) { return false; }
        };
    }

    private static RawExpression comparison(RexCall call, RawExpression left, RawExpression right) {
        return switch (call.getKind()) {
            case EQUALS -> compare(left, right, 0);
            case NOT_EQUALS -> compare(left, right, 1);
            case LESS_THAN -> compare(left, right, 2);
            case LESS_THAN_OR_EQUAL -> compare(left, right, 3);
            case GREATER_THAN -> compare(right, left, 2);
            default -> compare(right, left, 3);
        };
    }

    /** 0: =, 1: &lt;&gt;, 2: &lt;, 3: &lt;=; NULL if either side is. */
    private static RawExpression compare(RawExpression left, RawExpression right, int operator) {
        return new RawExpression() {
            long value(long row) {
                long a = left.value(row);
                long b = right.value(row);
                boolean holds = switch (operator) {
                    case 0 -> a == b;
                    case 1 -> a != b;
                    case 2 -> a < b;
                    default -> a <= b;
                };
                return holds ? 1 : 0;
            }
            boolean isNull(long row) { return left.nullable && left.isNull(row) || right.nullable && right.isNull(row); }
        };
    }

    /** {@code + - *} on integers, and {@code ^} (with 1: boolean NOT); NULL if either side is. */
    private static RawExpression arithmetic(RawExpression left, RawExpression right, char operator) {
        return new RawExpression() {
            long value(long row) {
                long a = left.value(row);
                long b = right.value(row);
                return switch (operator) {
                    case '+' -> a + b;
                    case '-' -> a - b;
                    case '*' -> a * b;
                    default -> a ^ b;
                };
            }
            boolean isNull(long row) { return left.nullable && left.isNull(row) || right.nullable && right.isNull(row); }
        };
    }
}
