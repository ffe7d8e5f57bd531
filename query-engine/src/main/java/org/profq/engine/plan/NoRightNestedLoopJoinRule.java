package org.profq.engine.plan;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.logical.LogicalJoin;

/**
 * Calcite's rule that makes a logical join a hash join or a nested loop join
 * ({@code EnumerableRules.ENUMERABLE_JOIN_RULE}), except for the joins Calcite's nested loop
 * answers wrongly: a {@code RIGHT} or {@code FULL} join with no key, which
 * {@link RightRowsAsUnionRule} plans instead (see there why). Left alone, the planner could
 * pick the nested loop over the union as the cheaper.
 */
final class NoRightNestedLoopJoinRule extends ConverterRule {
    static final NoRightNestedLoopJoinRule INSTANCE = Config.INSTANCE
            .withConversion(LogicalJoin.class, Convention.NONE, EnumerableConvention.INSTANCE, "NoRightNestedLoopJoinRule")
            .withRuleFactory(NoRightNestedLoopJoinRule::new)
            .toRule(NoRightNestedLoopJoinRule.class);

    private NoRightNestedLoopJoinRule(Config config) {
        super(config);
    }

    /** Puts this rule and {@link RightRowsAsUnionRule} in {@code planner} in place of Calcite's join rule. */
    static void replaceJoinRule(RelOptPlanner planner) {
        planner.removeRule(EnumerableRules.ENUMERABLE_JOIN_RULE);
        planner.addRule(INSTANCE);
        planner.addRule(RightRowsAsUnionRule.INSTANCE);
    }

    @Override
    public RelNode convert(RelNode rel) {
        if (RightRowsAsUnionRule.runsAsNestedLoop((Join) rel)) {
            return null;
        }
        return ((ConverterRule) EnumerableRules.ENUMERABLE_JOIN_RULE).convert(rel);
    }
}
