package org.profq.engine.scan;

import static org.profq.engine.index.MappedColumn.BLOCK_ROWS;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * An integer or boolean expression evaluated on raw column values a block of rows at a time,
 * with no boxing: what an aggregation scan sums, counts or compares. Booleans are 1 and 0.
 * {@link #evaluate} fills {@link #values} (and {@link #nulls}) for the block's rows in tight
 * loops, one per operator, so a row costs a few array reads rather than a chain of virtual
 * calls. {@link #compile} takes the expressions profile views use (columns, integer literals,
 * {@code CASE}, comparisons, {@code IS [NOT] NULL / TRUE}, {@code NOT}, widening casts,
 * {@code + - *}) and gives null for anything else, so the query keeps Calcite's own plan.
 */
abstract class RawExpression {
    /** Whether the expression can be NULL at all: if not, {@link #nulls} is never filled nor read. */
    boolean nullable = true;
    /** After {@link #evaluate}: each row's value, by its index in the block; meaningless where NULL. */
    long[] values = new long[BLOCK_ROWS];
    /** After {@link #evaluate}, for a nullable expression: whether each row's value is NULL. */
    final boolean[] nulls = new boolean[BLOCK_ROWS];
    private long evaluated = -1;

    /** The nulls of an expression that is never NULL, for loops that read them either way. */
    private static final boolean[] NEVER_NULL = new boolean[BLOCK_ROWS];

    /** Fills {@link #values} and {@link #nulls} for the rows of {@code block} (once per block). */
    final void evaluate(long block, int count) {
        if (block != evaluated) {
            compute(block, count);
            evaluated = block;
        }
    }

    abstract void compute(long block, int count);

    /** After {@link #evaluate}: whether a boolean expression is true at row {@code i} of the block (not false, not NULL). */
    final boolean isTrue(int i) {
        return values[i] != 0 && !(nullable && nulls[i]);
    }

    /** After {@link #evaluate}: whether row {@code i}'s value is NULL. */
    final boolean isNull(int i) {
        return nullable && nulls[i];
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
            case NOT -> binary(operands.get(0), literal(1), Operator.XOR);
            case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL ->
                    comparison(call, operands.get(0), operands.get(1));
            case PLUS -> binary(operands.get(0), operands.get(1), Operator.PLUS);
            case MINUS -> binary(operands.get(0), operands.get(1), Operator.MINUS);
            case TIMES -> binary(operands.get(0), operands.get(1), Operator.TIMES);
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
            void compute(long block, int count) {
                values = column.rawBlock(block); // the reader's own array: read, never written
                if (nullable) {
                    for (int i = 0; i < count; i++) {
                        nulls[i] = column.isNull(values[i]);
                    }
                }
            }
        };
    }

    private static RawExpression literal(RexLiteral literal) {
        if (literal.isNull()) {
            RawExpression nothing = literal(0);
            nothing.nullable = true;
            Arrays.fill(nothing.nulls, true);
            return nothing;
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
            void compute(long block, int count) {
            }
        };
        Arrays.fill(literal.values, constant);
        literal.nullable = false;
        return literal;
    }

    /**
     * CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 …] ELSE e END: operands c1, v1, c2, v2, …, e. Every
     * operand is evaluated for every row; rows start with e's value, then the branches are laid
     * over it from the last to the first, so the first branch whose condition holds is the one left.
     */
    private static RawExpression caseOf(List<RawExpression> operands) {
        RawExpression[] parts = operands.toArray(RawExpression[]::new);
        return new RawExpression() {
            void compute(long block, int count) {
                RawExpression otherwise = parts[parts.length - 1];
                otherwise.evaluate(block, count);
                System.arraycopy(otherwise.values, 0, values, 0, count);
                if (nullable) {
                    for (int i = 0; i < count; i++) {
                        nulls[i] = otherwise.isNull(i);
                    }
                }
                for (int p = parts.length - 3; p >= 0; p -= 2) {
                    RawExpression condition = parts[p];
                    RawExpression chosen = parts[p + 1];
                    condition.evaluate(block, count);
                    chosen.evaluate(block, count);
                    long[] holds = condition.values;
                    long[] value = chosen.values;
                    boolean[] unknown = condition.nullable ? condition.nulls : NEVER_NULL;
                    for (int i = 0; i < count; i++) {
                        values[i] = holds[i] != 0 && !unknown[i] ? value[i] : values[i];
                    }
                    if (nullable) {
                        for (int i = 0; i < count; i++) {
                            nulls[i] = holds[i] != 0 && !unknown[i] ? chosen.isNull(i) : nulls[i];
                        }
                    }
                }
            }
        };
    }

    /** IS [NOT] NULL ({@code ofTruth} false) or IS [NOT] TRUE ({@code ofTruth} true): never NULL. */
    private static RawExpression test(RawExpression operand, boolean ofTruth, boolean expected) {
        RawExpression test = new RawExpression() {
            void compute(long block, int count) {
                operand.evaluate(block, count);
                for (int i = 0; i < count; i++) {
                    boolean holds = ofTruth ? operand.isTrue(i) : operand.isNull(i);
                    values[i] = holds == expected ? 1 : 0;
                }
            }
        };
        test.nullable = false;
        return test;
    }

    private static RawExpression comparison(RexCall call, RawExpression left, RawExpression right) {
        return switch (call.getKind()) {
            case EQUALS -> binary(left, right, Operator.EQUALS);
            case NOT_EQUALS -> binary(left, right, Operator.NOT_EQUALS);
            case LESS_THAN -> binary(left, right, Operator.LESS);
            case LESS_THAN_OR_EQUAL -> binary(left, right, Operator.LESS_OR_EQUAL);
            case GREATER_THAN -> binary(right, left, Operator.LESS);
            default -> binary(right, left, Operator.LESS_OR_EQUAL);
        };
    }

    /** What a binary expression does to each row's pair of values; {@code XOR} with 1 is boolean NOT. */
    private enum Operator { EQUALS, NOT_EQUALS, LESS, LESS_OR_EQUAL, PLUS, MINUS, TIMES, XOR }

    /** {@code left operator right}, NULL where either side is; a loop of its own per operator, so each one is a tight loop. */
    private static RawExpression binary(RawExpression left, RawExpression right, Operator operator) {
        return new RawExpression() {
            void compute(long block, int count) {
                left.evaluate(block, count);
                right.evaluate(block, count);
                long[] a = left.values;
                long[] b = right.values;
                switch (operator) {
                    case EQUALS -> { for (int i = 0; i < count; i++) values[i] = a[i] == b[i] ? 1 : 0; }
                    case NOT_EQUALS -> { for (int i = 0; i < count; i++) values[i] = a[i] != b[i] ? 1 : 0; }
                    case LESS -> { for (int i = 0; i < count; i++) values[i] = a[i] < b[i] ? 1 : 0; }
                    case LESS_OR_EQUAL -> { for (int i = 0; i < count; i++) values[i] = a[i] <= b[i] ? 1 : 0; }
                    case PLUS -> { for (int i = 0; i < count; i++) values[i] = a[i] + b[i]; }
                    case MINUS -> { for (int i = 0; i < count; i++) values[i] = a[i] - b[i]; }
                    case TIMES -> { for (int i = 0; i < count; i++) values[i] = a[i] * b[i]; }
                    case XOR -> { for (int i = 0; i < count; i++) values[i] = a[i] ^ b[i]; }
                }
                if (nullable) {
                    for (int i = 0; i < count; i++) {
                        nulls[i] = left.isNull(i) || right.isNull(i);
                    }
                }
            }
        };
    }
}
