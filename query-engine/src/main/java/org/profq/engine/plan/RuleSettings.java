package org.profq.engine.plan;

import java.util.function.Function;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.RelRule.OperandTransform;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * A rule's settings, as Calcite's {@link RelRule} wants them: a name, the shape it matches, the
 * builders it makes nodes with, and how the rule is made from them (its constructor).
 */
record RuleSettings(String description, OperandTransform operandSupplier, RelBuilderFactory relBuilderFactory,
                    Function<RuleSettings, RelOptRule> rule) implements RelRule.Config {

    /** The rule {@code rule} makes of these settings: named {@code description}, matching {@code operands}, with logical builders. */
    static RelOptRule rule(String description, OperandTransform operands, Function<RuleSettings, RelOptRule> rule) {
        return new RuleSettings(description, operands, RelFactories.LOGICAL_BUILDER, rule).toRule();
    }

    @Override
    public RelOptRule toRule() {
        return rule.apply(this);
    }

    @Override
    public RuleSettings withRelBuilderFactory(RelBuilderFactory factory) {
        return new RuleSettings(description, operandSupplier, factory, rule);
    }

    @Override
    public RuleSettings withDescription(String name) {
        return new RuleSettings(name, operandSupplier, relBuilderFactory, rule);
    }

    @Override
    public RuleSettings withOperandSupplier(OperandTransform operands) {
        return new RuleSettings(description, operands, relBuilderFactory, rule);
    }
}
