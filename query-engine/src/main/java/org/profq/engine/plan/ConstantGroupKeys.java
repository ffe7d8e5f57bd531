package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.RelBuilder;

/**
 * Rewrites an aggregate whose every group key is a constant ({@code SELECT DISTINCT 1 FROM t},
 * {@code GROUP BY 'x'}) as the aggregate of no key, kept only when its input has a row:
 * {@code Aggregate(group {c1..cn}, calls)} becomes
 * {@code Project(c1..cn, calls) <- Filter(COUNT(*) > 0) <- Aggregate(group {}, calls, COUNT(*))}.
 *
 * <p>Why: Calcite's decorrelator ({@code RelDecorrelator.decorrelateRel(Aggregate)}) leaves out
 * of an aggregate the group keys its input projects as literals, and an aggregate left with no
 * key gives one row even over no rows. Wherever a query holds a correlated sub-query (and the
 * views that say whether a site's uses can be observed do), {@code SELECT DISTINCT 1 FROM
 * lifetime_by_site} gave one row on a recording with no tracked deaths; right: none. In plain
 * Calcite 1.42, {@code SELECT DISTINCT 1 FROM empty_table AS a WHERE NOT EXISTS (SELECT 1 FROM
 * t AS b WHERE b.x = a.x)} gives one row too. After this rewrite no key is left to leave out.
 *
 * <p>What it guarantees: grouping by constants makes one group of every input row, or none when
 * there is no row; the aggregate of no key with {@code COUNT(*) > 0} is that group, or none,
 * and its calls see the same rows. It fires only on a plain {@code GROUP BY} (no grouping sets,
 * no {@code GROUPING()}) over a projection whose every group key simplifies to a literal; the
 * result is cast back to the aggregate's row type. It runs as a program on the whole plan after
 * the sub-queries are made joins and before they are decorrelated.
 */
public final class ConstantGroupKeys {
    /** The rewrite as a step of the planner's sequence of programs. */
    public static final Program PROGRAM = (planner, plan, traits, materializations, lattices) -> rewrite(plan);

    private ConstantGroupKeys() {
    }

    /** {@code plan} with every aggregate whose keys are all constants rewritten. */
    static RelNode rewrite(RelNode plan) {
        return plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                RelNode visited = super.visit(other);
                if (visited instanceof Aggregate aggregate) {
                    List<RexLiteral> keys = constantKeys(aggregate);
                    if (keys != null) {
                        return withoutKeys(aggregate, keys);
                    }
                }
                return visited;
            }
        });
    }

    /** The literals {@code aggregate}'s keys are, in key order; null unless every key is one and the rewrite applies. */
    private static List<RexLiteral> constantKeys(Aggregate aggregate) {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE || aggregate.getGroupSet().isEmpty()
                || !(aggregate.getInput() instanceof Project project)) {
            return null;
        }
        for (AggregateCall call : aggregate.getAggCallList()) {
            SqlKind kind = call.getAggregation().getKind();
            if (kind == SqlKind.GROUPING || kind == SqlKind.GROUP_ID || kind == SqlKind.GROUPING_ID) {
                return null;
            }
        }
        RexSimplify simplify = new RexSimplify(aggregate.getCluster().getRexBuilder(), RelOptPredicateList.EMPTY, RexUtil.EXECUTOR);
        List<RexLiteral> keys = new ArrayList<>();
        for (int key : aggregate.getGroupSet()) {
            RexNode simplified = simplify.simplifyPreservingType(project.getProjects().get(key));
            if (!(simplified instanceof RexLiteral literal)) {
                return null;
            }
            keys.add(literal);
        }
        return keys;
    }

    private static RelNode withoutKeys(Aggregate aggregate, List<RexLiteral> keys) {
        RelBuilder builder = RelFactories.LOGICAL_BUILDER.create(aggregate.getCluster(), null);
        List<AggregateCall> calls = aggregate.getAggCallList();
        List<RelBuilder.AggCall> kept = new ArrayList<>();
        builder.push(aggregate.getInput());
        for (AggregateCall call : calls) {
            kept.add(builder.aggregateCall(call));
        }
        kept.add(builder.countStar("rows"));
        builder.aggregate(builder.groupKey(), kept);
        builder.filter(builder.greaterThan(builder.field(calls.size()), builder.literal(0)));
        List<RexNode> columns = new ArrayList<>(keys);
        for (int i = 0; i < calls.size(); i++) {
            columns.add(builder.field(i));
        }
        builder.project(columns, aggregate.getRowType().getFieldNames(), true);
        return builder.convert(aggregate.getRowType(), false).build();
    }
}
