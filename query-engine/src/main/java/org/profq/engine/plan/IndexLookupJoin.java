package org.profq.engine.plan;

import java.util.List;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.profq.engine.scan.KeyLookupJoin;

/**
 * A join of its one input, the small side, with a big profq table read by a
 * {@link KeyLookupJoin}: the plan node. {@code EXPLAIN PLAN} shows it as
 * {@code IndexLookupJoin(join=[input LEFT JOIN recording.calls ON input.$0 = calls.call_id, reading call_id, method_id])}
 * above the small side's plan ({@code input}). That text is also its digest, by which Calcite's
 * planner tells plan nodes apart: two with the same digest and row type are taken for the same
 * rows, so it names everything the rows depend on ({@link IndexLookupJoinRule}).
 */
final class IndexLookupJoin extends SingleRel implements EnumerableRel {
    private final KeyLookupJoin join;

    IndexLookupJoin(RelOptCluster cluster, RelNode small, RelDataType rowType, KeyLookupJoin join) {
        super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), small);
        this.rowType = rowType;
        this.join = join;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new IndexLookupJoin(getCluster(), sole(inputs), rowType, join);
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    /** Cheaper than any join Calcite would plan with the big table as an input: it holds the small side only. */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery metadata) {
        return planner.getCostFactory().makeTinyCost();
    }

    @Override
    public RelWriter explainTerms(RelWriter writer) {
        return super.explainTerms(writer).item("join", join.toString());
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer preference) {
        BlockBuilder builder = new BlockBuilder();
        Result small = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
        Expression smallRows = builder.append("small", small.block);
        // As Enumerable: the child's own type (an Interpreter, say) does not match run's parameter.
        Expression asArrays = Expressions.convert_(small.physType.convertTo(smallRows, JavaRowFormat.ARRAY), Enumerable.class);
        Expression stashed = implementor.stash(join, KeyLookupJoin.class);
        builder.add(Expressions.return_(null,
                Expressions.call(stashed, "run", implementor.getRootExpression(), asArrays)));
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY);
        return implementor.result(physType, builder.toBlock());
    }
}
