package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.Program;

/**
 * Puts {@code COALESCE(x, y)} back where Calcite spelled it {@code CASE WHEN x IS NOT NULL THEN
 * CAST(x AS <x's type> NOT NULL) ELSE y END}, before the plan is optimised.
 *
 * <p>Why: the narrowing cast is right only under its guard, but Calcite's simplification
 * ({@code ReduceExpressionsRule}, under "unknown is false" in a {@code WHERE}) drops the guard:
 * {@code COALESCE(t1.start_ns, 1574557531) < 1570675578} over a {@code LEFT JOIN} became
 * {@code CAST(t1.start_ns AS BIGINT NOT NULL) < 1570675578}, which would be right if the cast of
 * a NULL were NULL; but Calcite's generated code takes the cast at its word and reads a NULL as
 * 0, so every row the join padded with NULLs passed the filter. Where the plan chose that filter
 * over the join (profq's index lookup join made it the cheapest), {@code SELECT t1.outermost
 * FROM classes AS t0 LEFT JOIN calls AS t1 ON t0.class_id = t1.parent_call_id WHERE
 * COALESCE(t1.start_ns, 1574557531) < 1570675578} gave four rows of NULL; right: none. The
 * call {@code COALESCE} has no cast to lose, and Calcite compiles it as it is.
 *
 * <p>What it guarantees: a {@code CASE} is replaced only when every one of its conditions is
 * {@code x IS NOT NULL} and its branch is that {@code x} or {@code x} cast to its own type
 * made NOT NULL, so that it means {@code COALESCE} of those values and the {@code ELSE}; the call
 * keeps the {@code CASE}'s type. Every relational expression of the plan is rewritten so.
 */
public final class CoalesceKept {
    /** The rewrite as a step of the planner's sequence of programs. */
    public static final Program PROGRAM = (planner, plan, traits, materializations, lattices) -> rewrite(plan);

    private CoalesceKept() {
    }

    static RelNode rewrite(RelNode plan) {
        RexShuttle coalesce = new Rewriting(plan.getCluster().getRexBuilder());
        return plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visit(other).accept(coalesce);
            }
        });
    }

    private static final class Rewriting extends RexShuttle {
        private final RexBuilder rex;

        Rewriting(RexBuilder rex) {
            this.rex = rex;
        }

        @Override
        public RexNode visitCall(RexCall call) {
            RexNode visited = super.visitCall(call);
            if (!(visited instanceof RexCall rewritten) || rewritten.getKind() != SqlKind.CASE) {
                return visited;
            }
            List<RexNode> operands = rewritten.getOperands();
            List<RexNode> values = new ArrayList<>();
            for (int i = 0; i + 1 < operands.size(); i += 2) {
                RexNode tested = notNullTested(operands.get(i));
                if (tested == null || !sameValue(tested, operands.get(i + 1))) {
                    return visited;
                }
                values.add(tested);
            }
            values.add(operands.get(operands.size() - 1));
            return rex.makeCall(rewritten.getType(), SqlStdOperatorTable.COALESCE, values);
        }

        /** The x of {@code x IS NOT NULL}, else null. */
        private static RexNode notNullTested(RexNode condition) {
            return condition.getKind() == SqlKind.IS_NOT_NULL ? ((RexCall) condition).getOperands().get(0) : null;
        }

        /** Whether {@code branch} is {@code x}, or {@code x} cast to its own type made NOT NULL. */
        private static boolean sameValue(RexNode x, RexNode branch) {
            if (branch.equals(x)) {
                return true;
            }
            if (branch.getKind() != SqlKind.CAST || !((RexCall) branch).getOperands().get(0).equals(x)) {
                return false;
            }
            RelDataType from = x.getType();
            RelDataType to = branch.getType();
            return SqlTypeUtil.equalSansNullability(from, to);
        }
    }
}
