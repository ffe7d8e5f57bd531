package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilder;

/**
 * Plans a {@code RIGHT} or {@code FULL} join that has no equality of a left and a right field in
 * its condition (which Calcite would run as a nested loop) as a {@code UNION ALL} of the join's
 * left part and the right rows that nothing matches: {@code a FULL JOIN b ON c} as
 * {@code a LEFT JOIN b ON c}, together with the rows of {@code b ANTI JOIN a ON c} with NULL in
 * every field of {@code a} ({@code a RIGHT JOIN b ON c} the same, with an inner join first).
 *
 * <p>Why: Calcite's nested loop join ({@code EnumerableDefaults.nestedLoopJoinAsList}) keeps the
 * right rows not matched yet in a set of object identities, so right rows that are one object
 * count once. A row of one column is its value, not an array, and equal small numbers and
 * strings are often one object: {@code SELECT COUNT(*) FROM value_tuples t0 FULL JOIN calls t1
 * ON t0.first_call_id = t1.call_id AND t0.method_id IS NULL} (the condition simplified to FALSE,
 * each side projected to a constant) counted 7 rows, not 6 + 101. Its hash join keeps them by
 * position and is right; so are the left and inner nested loop joins the union is made of.
 *
 * <p>What it guarantees: the union has exactly the join's rows. A pair of rows is in the join
 * when {@code c} is TRUE for it, and only then in the left (or inner) join; a right row is
 * padded with NULLs when {@code c} is TRUE for no left row, exactly when it is in the anti-join.
 * It fires only when the join is a logical {@code RIGHT} or {@code FULL} join, not correlated,
 * whose condition holds no sub-query and no equality of a left and a right field (with such a
 * key Calcite plans a hash join); {@link #runsAsNestedLoop} is that test, which
 * {@link NoRightNestedLoopJoinRule} shares so the nested loop is not planned beside it.
 */
final class RightRowsAsUnionRule extends RelRule<RuleSettings> {

    static final RelOptRule INSTANCE = RuleSettings.rule("RightRowsAsUnionRule",
            b -> b.operand(LogicalJoin.class).anyInputs(), RightRowsAsUnionRule::new);

    private RightRowsAsUnionRule(RuleSettings settings) {
        super(settings);
    }

    /** Whether Calcite would run {@code join} as a nested loop that keeps right rows: a RIGHT or FULL join with no key. */
    static boolean runsAsNestedLoop(Join join) {
        return (join.getJoinType() == JoinRelType.RIGHT || join.getJoinType() == JoinRelType.FULL)
                && (join.analyzeCondition().leftKeys.isEmpty() || join.analyzeCondition().rightKeys.isEmpty());
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalJoin join = call.rel(0);
        if (!runsAsNestedLoop(join) || !join.getVariablesSet().isEmpty()
                || RexUtil.SubQueryFinder.find(join.getCondition()) != null) {
            return;
        }
        RelBuilder builder = call.builder();
        builder.push(join.getLeft()).push(join.getRight())
                .join(join.getJoinType() == JoinRelType.FULL ? JoinRelType.LEFT : JoinRelType.INNER, join.getCondition());
        builder.convert(join.getRowType(), false);
        unmatchedRightRows(join, builder);
        builder.union(true, 2);
        call.transformTo(builder.build());
    }

    /** Pushes the right rows {@code join}'s condition is TRUE for with no left row, with NULL in every left field. */
    private static void unmatchedRightRows(LogicalJoin join, RelBuilder builder) {
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        int rightWidth = join.getRight().getRowType().getFieldCount();
        // the condition over (right, left) in place of (left, right)
        RexNode swapped = join.getCondition().accept(new RexShuttle() {
            @Override
            public RexNode visitInputRef(RexInputRef ref) {
                int index = ref.getIndex();
                return new RexInputRef(index < leftWidth ? index + rightWidth : index - leftWidth, ref.getType());
            }
        });
        builder.push(join.getRight()).push(join.getLeft()).join(JoinRelType.ANTI, swapped);
        List<RexNode> fields = new ArrayList<>();
        for (RelDataTypeField field : join.getLeft().getRowType().getFieldList()) {
            fields.add(builder.getRexBuilder().makeNullLiteral(
                    builder.getTypeFactory().createTypeWithNullability(field.getType(), true)));
        }
        fields.addAll(builder.fields());
        builder.project(fields, join.getRowType().getFieldNames(), true);
        builder.convert(join.getRowType(), false);
    }
}
