package org.profq.engine.plan;

import java.util.List;

import org.apache.calcite.DataContext;
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
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A profile view in a query's plan as one leaf: the rows of its body, planned once per connection
 * ({@link PlannedView}), in the view's order (its collation). The query around it is planned
 * alone, and a query that names the view three times plans it once. {@code EXPLAIN} shows the
 * view's own plan on the leaf's line.
 */
public final class ProfileViewScan extends AbstractRelNode implements EnumerableRel {
    private final PlannedView view;

    private ProfileViewScan(RelOptCluster cluster, RelTraitSet traits, RelDataType rowType, PlannedView view) {
        super(cluster, traits);
        this.rowType = rowType;
        this.view = view;
    }

    /** The leaf for {@code view}, whose rows have the type {@code rowType} (the view's, as the query's validator saw it). */
    public static ProfileViewScan of(RelOptCluster cluster, RelDataType rowType, PlannedView view) {
        return new ProfileViewScan(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE).replace(view.collation()),
                rowType, view);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ProfileViewScan(getCluster(), traitSet, rowType, view);
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery metadata) {
        return view.rowCount();
    }

    @Override
    public RelWriter explainTerms(RelWriter writer) {
        return super.explainTerms(writer).item("view", view.name()).item("plan", view.plan());
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer preference) {
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), JavaRowFormat.ARRAY, false);
        Expression planned = implementor.stash(view, PlannedView.class);
        return implementor.result(physType, Blocks.toBlock(Expressions.call(planned, "rows", DataContext.ROOT)));
    }
}
