package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;

/**
 * Plans a join whose condition is an OR of equalities ({@code ON u.object_id = d.object_id OR
 * u.call_id = d.object_id}) as a {@code UNION ALL} of equi-joins, which Calcite runs as hash
 * joins: otherwise such a join has no key, and Calcite compares every row of one side with every
 * row of the other (two tables of 20,000 rows took longer than 20 s).
 *
 * <p>What it guarantees: the union has exactly the join's rows. With the condition's disjuncts
 * {@code c1 … cn}, the i-th branch is the inner join on {@code ci AND cj IS NOT TRUE} for every
 * {@code j < i}, so a pair of rows is in the branch of the first disjunct that is TRUE for it and
 * in no other, whatever the others are (FALSE or NULL); for a {@code LEFT} join one more branch
 * holds the left rows that no right row makes any disjunct TRUE for (anti-joins on
 * {@code c1}, then {@code c2}, …), padded with NULLs. ({@code NOT cj} in place of
 * {@code cj IS NOT TRUE}, as Calcite's own {@code JoinExpandOrToUnionRule} has it, loses a pair
 * for which {@code ci} is TRUE and {@code cj} NULL.) It fires only when all of these hold:
 * <ul>
 * <li>the join is a logical {@code INNER} or {@code LEFT} join, not correlated, whose condition
 *     holds no sub-query;</li>
 * <li>the condition is an OR of at least two disjuncts, and each has an equality of a field of
 *     the left input with one of the right input among its conjuncts: the key of its hash join.</li>
 * </ul>
 */
final class OrJoinToUnionRule extends RelRule<RuleSettings> {

    static final RelOptRule INSTANCE = RuleSettings.rule("OrJoinToUnionRule",
            b -> b.operand(LogicalJoin.class).anyInputs(), OrJoinToUnionRule::new);

    private OrJoinToUnionRule(RuleSettings settings) {
        super(settings);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalJoin join = call.rel(0);
        if ((join.getJoinType() != JoinRelType.INNER && join.getJoinType() != JoinRelType.LEFT)
                || !join.getVariablesSet().isEmpty() || RexUtil.SubQueryFinder.find(join.getCondition()) != null) {
            return;
        }
        List<RexNode> disjuncts = RelOptUtil.disjunctions(join.getCondition());
        int leftWidth = join.getLeft().getRowType().getFieldCount();
        if (disjuncts.size() < 2 || !disjuncts.stream().allMatch(disjunct -> hasKey(disjunct, leftWidth))) {
            return;
        }
        RelBuilder builder = call.builder();
        RexBuilder rex = join.getCluster().getRexBuilder();
        List<RelNode> branches = new ArrayList<>();
        for (int i = 0; i < disjuncts.size(); i++) {
            List<RexNode> condition = new ArrayList<>();
            condition.add(disjuncts.get(i));
            for (int j = 0; j < i; j++) {
                condition.add(rex.makeCall(SqlStdOperatorTable.IS_NOT_TRUE, disjuncts.get(j)));
            }
            branches.add(builder.push(join.getLeft()).push(join.getRight())
                    .join(JoinRelType.INNER, RexUtil.composeConjunction(rex, condition)).build());
        }
        if (join.getJoinType() == JoinRelType.LEFT) {
            branches.add(unmatchedLeftRows(join, disjuncts, builder));
        }
        builder.pushAll(branches).union(true, branches.size());
        List<RexNode> asJoin = new ArrayList<>();
        for (RelDataTypeField field : join.getRowType().getFieldList()) {
            RexNode value = builder.field(field.getIndex());
            asJoin.add(value.getType().equals(field.getType()) ? value : rex.makeCast(field.getType(), value, true, false));
        }
        call.transformTo(builder.project(asJoin, join.getRowType().getFieldNames(), true).build());
    }

    /** The left rows no right row makes any disjunct TRUE for, with NULL in every right field. */
    private static RelNode unmatchedLeftRows(LogicalJoin join, List<RexNode> disjuncts, RelBuilder builder) {
        builder.push(join.getLeft());
        for (RexNode disjunct : disjuncts) {
            builder.push(join.getRight()).join(JoinRelType.ANTI, disjunct);
        }
        List<RexNode> fields = new ArrayList<>(builder.fields());
        for (RelDataTypeField field : join.getRight().getRowType().getFieldList()) {
            fields.add(builder.getRexBuilder().makeNullLiteral(
                    builder.getTypeFactory().createTypeWithNullability(field.getType(), true)));
        }
        return builder.project(fields).build();
    }

    /** Whether one of {@code disjunct}'s conjuncts is an equality of a left field and a right field. */
    private static boolean hasKey(RexNode disjunct, int leftWidth) {
        for (RexNode conjunct : RelOptUtil.conjunctions(disjunct)) {
            if (conjunct.getKind() == SqlKind.EQUALS
                    && ((RexCall) conjunct).getOperands().get(0) instanceof RexInputRef a
                    && ((RexCall) conjunct).getOperands().get(1) instanceof RexInputRef b
                    && (a.getIndex() < leftWidth) != (b.getIndex() < leftWidth)) {
                return true;
            }
        }
        return false;
    }
}
