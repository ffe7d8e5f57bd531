package org.profq.engine.plan;

import java.util.List;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;
import org.profq.engine.scan.AggregationScan;

/**
 * An {@code Aggregate} over a profq table computed by one pass over the index's columns: the
 * plan node, a leaf of the plan, that runs an {@link AggregationScan}. {@code EXPLAIN PLAN}
 * shows it as
 * {@code IndexAggregate(table=[[recording, calls]], aggregation=[COUNT(*), SUM(self_ns) GROUP BY method_id])};
 * one answered from the totals the index keeps per group, without reading a row, ends in
 * {@code from=[totals per site_id]}. That text is also its digest: Calcite's planner takes two
 * nodes of equal digest and row type for the same rows, so it names the table, the filters and
 * every column the aggregation reads ({@link AggregationScan#toString}).
 */
final class IndexAggregate extends AbstractRelNode implements EnumerableRel {
    private final List<String> table;
    private final List<RexNode> filters;
    private final AggregationScan aggregation;
    private final double rows;

    IndexAggregate(RelOptCluster cluster, RelDataType rowType, List<String> table, List<RexNode> filters,
                   AggregationScan aggregation, double rows) {
        super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE));
        this.rowType = rowType;
        this.table = table;
        this.filters = filters;
        this.aggregation = aggregation;
        this.rows = rows;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return this;
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery metadata) {
        return rows;
    }

    /** Cheaper than any scan and aggregate Calcite would plan for the same rows: it builds no row objects. */
    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery metadata) {
        return planner.getCostFactory().makeTinyCost();
    }

    @Override
    public RelWriter explainTerms(RelWriter writer) {
        String answeredFrom = aggregation.answeredFrom();
        return super.explainTerms(writer)
                .item("table", table)
                .itemIf("filters", filters, !filters.isEmpty())
                .item("aggregation", aggregation.toString())
                .itemIf("from", answeredFrom, answeredFrom != null);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer preference) {
        // Calcite's convention: a row of one column is the value itself, not an array of one.
        boolean scalar = getRowType().getFieldCount() == 1;
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
                scalar ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY);
        Expression stashed = implementor.stash(aggregation, AggregationScan.class);
        return implementor.result(physType, Blocks.toBlock(
                Expressions.call(stashed, scalar ? "runSingleColumn" : "run", implementor.getRootExpression())));
    }
}
