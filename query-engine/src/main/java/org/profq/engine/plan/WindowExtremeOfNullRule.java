package org.profq.engine.plan;

import java.util.List;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;

/**
 * Answers {@code MIN(NULL) OVER (…)} and {@code MAX(NULL) OVER (…)} with NULL, before the
 * projection holding them becomes a window. Calcite 1.42 cannot compile a window's {@code MIN} or
 * {@code MAX} of a NULL literal: it looks for {@code SqlFunctions.greater(long, Object)} and the
 * statement fails with "Unable to implement EnumerableWindow" (in plain Calcite too:
 * {@code SELECT MAX(CAST(NULL AS BIGINT)) OVER () FROM (VALUES (1)) AS t(x)}). The literal comes
 * from the user's SQL, or from the planner itself: the columns of a join's side that no row can
 * match ({@code FULL JOIN … ON … AND x BETWEEN 1 AND 0}) become NULL literals.
 *
 * <p>What it guarantees: the extreme of values that are all NULL is NULL, whatever the window's
 * partition, order and frame (an empty frame's too), so each such call is replaced by a NULL of its
 * type and nothing else changes. It fires only on a logical projection holding a windowed
 * {@code MIN} or {@code MAX} (not {@code SUM}, {@code COUNT} or {@code FIRST_VALUE}, which Calcite
 * compiles) whose one argument is a NULL literal, cast or not; the projection without the window
 * is cheaper, so the planner takes it. It is a correctness fix of Calcite's, so the plain planner
 * has it too.
 */
final class WindowExtremeOfNullRule extends RelRule<RuleSettings> {
    static final RelOptRule INSTANCE = RuleSettings.rule("WindowExtremeOfNullRule",
            b -> b.operand(LogicalProject.class).predicate(WindowExtremeOfNullRule::holdsOne).anyInputs(),
            WindowExtremeOfNullRule::new);

    private WindowExtremeOfNullRule(RuleSettings settings) {
        super(settings);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalProject project = call.rel(0);
        RexShuttle nulls = new RexShuttle() {
            @Override
            public RexNode visitOver(RexOver over) {
                return extremeOfNull(over) ? project.getCluster().getRexBuilder().makeNullLiteral(over.getType())
                        : super.visitOver(over);
            }
        };
        List<RexNode> answered = nulls.apply(project.getProjects());
        RelNode rewritten = project.copy(project.getTraitSet(), project.getInput(), answered, project.getRowType());
        call.transformTo(rewritten);
    }

    /** Whether {@code project} holds a windowed MIN or MAX of a NULL literal, anywhere in its expressions. */
    static boolean holdsOne(Project project) {
        boolean[] found = new boolean[1];
        RexShuttle finder = new RexShuttle() {
            @Override
            public RexNode visitOver(RexOver over) {
                found[0] |= extremeOfNull(over);
                return super.visitOver(over);
            }
        };
        finder.apply(project.getProjects());
        return found[0];
    }

    private static boolean extremeOfNull(RexOver over) {
        SqlKind kind = over.getAggOperator().getKind();
        return (kind == SqlKind.MIN || kind == SqlKind.MAX) && over.getOperands().size() == 1
                && RexUtil.isNullLiteral(over.getOperands().get(0), true);
    }
}
