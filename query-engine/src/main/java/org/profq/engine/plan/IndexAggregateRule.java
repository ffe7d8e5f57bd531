package org.profq.engine.plan;

import java.util.List;

import org.apache.calcite.adapter.enumerable.EnumerableInterpreter;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexNode;
import org.profq.engine.scan.AggregationScan;
import org.profq.engine.scan.ColumnSource;

/**
 * Replaces a {@code GROUP BY} over a scan of a profq table, with or without a projection
 * between, by an {@link IndexAggregate} when {@link AggregationScan#of} can compute it on the
 * index's raw columns; otherwise leaves Calcite's plan alone. Profile views are such
 * aggregates over {@code calls} and {@code allocations}, so this is where their time goes.
 *
 * <p>What it guarantees: the {@link IndexAggregate} gives the aggregate's rows, field for field.
 * It fires only on a simple {@code GROUP BY} (no grouping sets) over a logical or bindable scan
 * of a profq table, whose pushed filters the index tests whole, and whose keys and aggregate
 * arguments are columns or expressions {@link AggregationScan#of} evaluates on raw values,
 * through the projection's column references wherever they point; each call non-distinct,
 * without its own order, of an integer result. The node's digest names the table, the filters,
 * the aggregation and the columns it reads ({@link IndexAggregate}), so the planner never takes
 * two different aggregations for one.
 */
final class IndexAggregateRule extends RelRule<RuleSettings> {

    private IndexAggregateRule(RuleSettings settings) {
        super(settings);
    }

    /**
     * The shapes it matches, logical and physical: an aggregate over a scan, over a projection of
     * one, and over the interpreter Calcite puts around a scan with pushed filters and projections.
     */
    static void addTo(RelOptPlanner planner) {
        planner.addRule(RuleSettings.rule("IndexAggregateRule(scan)",
                aggregate -> aggregate.operand(Aggregate.class).oneInput(
                        scan -> scan.operand(TableScan.class).noInputs()), IndexAggregateRule::new));
        planner.addRule(RuleSettings.rule("IndexAggregateRule(project, scan)",
                aggregate -> aggregate.operand(Aggregate.class).oneInput(
                        project -> project.operand(Project.class).oneInput(
                                scan -> scan.operand(TableScan.class).noInputs())), IndexAggregateRule::new));
        planner.addRule(RuleSettings.rule("IndexAggregateRule(interpreter, scan)",
                aggregate -> aggregate.operand(Aggregate.class).oneInput(
                        interpreter -> interpreter.operand(EnumerableInterpreter.class).oneInput(
                                scan -> scan.operand(TableScan.class).noInputs())), IndexAggregateRule::new));
        planner.addRule(RuleSettings.rule("IndexAggregateRule(project, interpreter, scan)",
                aggregate -> aggregate.operand(Aggregate.class).oneInput(
                        project -> project.operand(Project.class).oneInput(
                                interpreter -> interpreter.operand(EnumerableInterpreter.class).oneInput(
                                        scan -> scan.operand(TableScan.class).noInputs()))), IndexAggregateRule::new));
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Aggregate aggregate = call.rel(0);
        Project project = call.rel(1) instanceof Project between ? between : null;
        TableScan scan = call.rel(call.rels.length - 1);
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            return;
        }
        ColumnSource table = scan.getTable().unwrap(ColumnSource.class);
        if (table == null) {
            return;
        }
        if (!(scan instanceof Bindables.BindableTableScan) && !(scan instanceof LogicalTableScan)) {
            return;
        }
        Bindables.BindableTableScan bindable = scan instanceof Bindables.BindableTableScan pushed ? pushed : null;
        List<RexNode> filters = bindable == null ? List.of() : bindable.filters;
        int[] scanned = bindable == null ? null : bindable.projects.toIntArray();
        List<RexNode> inputs = project == null ? null : project.getProjects();
        AggregationScan.of(table, filters, scanned, inputs, aggregate.getGroupSet(), aggregate.getAggCallList())
                .ifPresent(aggregation -> call.transformTo(new IndexAggregate(aggregate.getCluster(), aggregate.getRowType(),
                        scan.getTable().getQualifiedName(), filters, aggregation, aggregate.estimateRowCount(call.getMetadataQuery()))));
    }
}
