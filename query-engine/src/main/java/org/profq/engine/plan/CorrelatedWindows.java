package org.profq.engine.plan;

import java.util.Set;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Window;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.tools.Program;

/**
 * Refuses a window function ({@code OVER}) inside a sub-query that refers to the outer query,
 * with a sentence, rather than answering it wrongly.
 *
 * <p>Why: Calcite's decorrelation turns such a sub-query into a join and computes the window
 * over the rows of every outer row at once, not over each outer row's own. In Calcite 1.42,
 * {@code SELECT (SELECT MIN(x) FROM (SELECT x, ROW_NUMBER() OVER (ORDER BY x) AS r FROM t WHERE
 * t.g = o.g) AS s WHERE r >= 5) FROM o} gives the smallest {@code x} of the group rather than the
 * fifth; profq's own rules and the plain planner alike. It runs as a program on the whole plan
 * before the sub-queries are made joins, and looks only at sub-queries that use a correlation
 * variable; a window in an uncorrelated sub-query, or in the outer query, is planned as before.
 */
final class CorrelatedWindows {
    static final Program PROGRAM = (planner, plan, traits, materializations, lattices) -> check(plan);

    private CorrelatedWindows() {
    }

    static RelNode check(RelNode plan) {
        plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                other.accept(new RexShuttle() {
                    @Override
                    public RexNode visitSubQuery(RexSubQuery subQuery) {
                        Set<CorrelationId> used = RelOptUtil.getVariablesUsed(subQuery.rel);
                        if (!used.isEmpty() && hasWindow(subQuery.rel)) {
                            throw new UnsupportedOperationException("a window function (OVER) inside a sub-query that refers to"
                                    + " the outer query is not supported: it would be computed over the rows of every outer row"
                                    + " at once; compute the window in a sub-query of its own (PARTITION BY the columns the"
                                    + " outer query matches on) and join it.");
                        }
                        check(subQuery.rel);
                        return subQuery;
                    }
                });
                return super.visit(other);
            }
        });
        return plan;
    }

    /** Whether {@code rel} or any node below it computes a window. */
    private static boolean hasWindow(RelNode rel) {
        if (rel instanceof Window) {
            return true;
        }
        boolean[] found = {false};
        rel.accept(new RexShuttle() {
            @Override
            public RexNode visitOver(RexOver over) {
                found[0] = true;
                return over;
            }
        });
        if (found[0]) {
            return true;
        }
        for (RelNode input : rel.getInputs()) {
            if (hasWindow(input)) {
                return true;
            }
        }
        return false;
    }
}
