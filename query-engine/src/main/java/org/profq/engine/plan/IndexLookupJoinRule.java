package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableInterpreter;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.tools.RelBuilderFactory;
import org.profq.engine.scan.ColumnSource;
import org.profq.engine.scan.KeyLookupJoin;

/**
 * Plans an equi-join of a big profq table ({@code calls}, {@code allocations}) on one of its
 * integer key columns with a side that does not read one as an {@link IndexLookupJoin}: the small
 * side is held, the big table streamed. Without it Calcite sorts both sides for a merge join or
 * hashes the big one, holding every call on the heap ({@code exceptions_by_site} on a recording of
 * 168 M calls ran out of memory at 8.9 GB). The key is the table's id ({@code call_id}) or a key
 * into a dictionary table ({@code method_id}, {@code site_id}, {@code class_id}, {@code thread_id}):
 * so a filter on {@code methods} reaches {@code calls} as the set of the method ids it keeps,
 * whether the query joins the two or tests {@code method_id IN (SELECT method_id FROM methods
 * WHERE ...)} (which Calcite plans as a join with the distinct ids); only the calls of those
 * methods become rows (a query over 141.8 M calls for the 20 calls of one method hashed every
 * call, 6.3 GB, and took 2 minutes).
 *
 * <p>What it guarantees: the {@link IndexLookupJoin} it puts in a join's place gives the join's
 * rows, field for field, in the join's field order (the small side's fields first when the big
 * table is the right input, last when it is the left one). It fires only when all of these hold,
 * and checks each before it does:
 * <ul>
 * <li>the join is {@code INNER} or {@code LEFT} (a {@code RIGHT} join reaches it commuted), not
 *     correlated, and its condition is exactly one equality of a field of each side, with
 *     nothing else to test ({@link JoinInfo#isEqui}), and that equality is {@code =}, not
 *     {@code IS NOT DISTINCT FROM}, under which NULL would match NULL;</li>
 * <li>the big side is a scan of a {@link ColumnSource} with an id column, read directly, under
 *     Calcite's interpreter, under a projection of plain column references, or both; and its
 *     field in the equality is a column of that table of an exact integer type whose raw value
 *     is its value ({@link KeyLookupJoin#canJoinOn}), wherever the scan's and the projection's
 *     column lists put it;</li>
 * <li>every filter pushed into that scan can be tested by the index ({@link KeyLookupJoin#takesAllFilters}):
 *     the lookup reads the table itself and applies them, and a filter on the other side never
 *     reaches it, since that side is run as it was planned;</li>
 * <li>the small side's key is of an exact integer type too, so that its value as a {@code long}
 *     is the value compared; a NULL key on either side matches nothing, and under a
 *     {@code LEFT} join the preserved side's unmatched rows are kept padded with NULLs;</li>
 * <li>the small side reads no big table other than through an aggregate (a self-join of
 *     {@code calls} has no small side to hold), which is about memory, not answers.</li>
 * </ul>
 * The plan node's digest ({@link IndexLookupJoin#explainTerms}) names everything its rows depend
 * on (the table and which input it is, the join type, both keys, the columns read in order and
 * the filters): Calcite's planner takes two nodes of equal digest and row type for the same
 * rows, and merges what it had planned for them.
 */
final class IndexLookupJoinRule extends RelRule<IndexLookupJoinRule.Settings> {

    /** The rule's settings: a name, the shape it matches, and which input of the join is the big table. */
    record Settings(String description, OperandTransform operandSupplier, RelBuilderFactory relBuilderFactory,
                    int bigSide) implements RelRule.Config {
        @Override
        public IndexLookupJoinRule toRule() {
            return new IndexLookupJoinRule(this);
        }

        @Override
        public Settings withRelBuilderFactory(RelBuilderFactory factory) {
            return new Settings(description, operandSupplier, factory, bigSide);
        }

        @Override
        public Settings withDescription(String name) {
            return new Settings(name, operandSupplier, relBuilderFactory, bigSide);
        }

        @Override
        public Settings withOperandSupplier(OperandTransform operands) {
            return new Settings(description, operands, relBuilderFactory, bigSide);
        }
    }

    /** How the big table reaches the join: a scan, under Calcite's interpreter, under a projection, or both. */
    private enum Shape {
        SCAN, INTERPRETED, PROJECTED, PROJECTED_INTERPRETED;

        OperandTransform operand() {
            OperandTransform scan = b -> b.operand(TableScan.class).noInputs();
            OperandTransform interpreted = b -> b.operand(EnumerableInterpreter.class).oneInput(scan);
            return switch (this) {
                case SCAN -> scan;
                case INTERPRETED -> interpreted;
                case PROJECTED -> b -> b.operand(Project.class).oneInput(scan);
                case PROJECTED_INTERPRETED -> b -> b.operand(Project.class).oneInput(interpreted);
            };
        }
    }

    private IndexLookupJoinRule(Settings settings) {
        super(settings);
    }

    static void addTo(RelOptPlanner planner) {
        OperandTransform any = b -> b.operand(RelNode.class).anyInputs();
        for (Shape shape : Shape.values()) {
            planner.addRule(new Settings("IndexLookupJoinRule(" + shape + " right)",
                    b -> b.operand(Join.class).inputs(any, shape.operand()), RelFactories.LOGICAL_BUILDER, 1).toRule());
            planner.addRule(new Settings("IndexLookupJoinRule(" + shape + " left)",
                    b -> b.operand(Join.class).inputs(shape.operand(), any), RelFactories.LOGICAL_BUILDER, 0).toRule());
        }
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        Join join = call.rel(0);
        int bigSide = config.bigSide();
        int smallSide = 1 - bigSide;
        // The big side's operands: after the join's, before or after the small side's one.
        List<RelNode> big = Arrays.asList(call.rels).subList(bigSide == 1 ? 2 : 1, bigSide == 1 ? call.rels.length : call.rels.length - 1);
        TableScan scan = (TableScan) big.get(big.size() - 1);
        Project project = big.get(0) instanceof Project between ? between : null;
        ColumnSource table = scan.getTable().unwrap(ColumnSource.class);
        JoinInfo keys = join.analyzeCondition();
        if (table == null || table.idColumn() < 0 || !keys.isEqui() || keys.leftKeys.size() != 1
                || (join.getJoinType() != JoinRelType.INNER && join.getJoinType() != JoinRelType.LEFT)
                || !join.getVariablesSet().isEmpty() || !nullsMatchNothing(join)
                || holdsBigTable(join.getInput(smallSide))) {
            return;
        }
        int[] columns = bigColumns(scan, project);
        List<RexNode> filters = scan instanceof Bindables.BindableTableScan bindable ? bindable.filters : List.of();
        int bigKey = bigSide == 1 ? keys.rightKeys.get(0) : keys.leftKeys.get(0);
        int smallKey = bigSide == 1 ? keys.leftKeys.get(0) : keys.rightKeys.get(0);
        RelNode small = join.getInput(smallSide);
        if (columns == null || columns.length != join.getInput(bigSide).getRowType().getFieldCount()
                || !SqlTypeUtil.isIntType(join.getInput(bigSide).getRowType().getFieldList().get(bigKey).getType())
                || !KeyLookupJoin.canJoinOn(table, columns[bigKey]) || !KeyLookupJoin.takesAllFilters(table, filters)
                || !SqlTypeUtil.isIntType(small.getRowType().getFieldList().get(smallKey).getType())) {
            return;
        }
        int tableKey = columns[bigKey];
        smallKey = BrokenForTests.smallKey(smallKey, small.getRowType());
        KeyLookupJoin.Keep keep = join.getJoinType() == JoinRelType.INNER ? KeyLookupJoin.Keep.MATCHED
                : bigSide == 1 ? KeyLookupJoin.Keep.SMALL : KeyLookupJoin.Keep.TABLE;
        int smallWidth = small.getRowType().getFieldCount();
        KeyLookupJoin lookup = new KeyLookupJoin(table, columns, tableKey, filters, smallKey, smallWidth,
                bigSide == 1, keep, describe(join, table, scan, columns, tableKey, filters, smallKey, bigSide));
        call.transformTo(new IndexLookupJoin(join.getCluster(),
                RelOptRule.convert(small, small.getTraitSet().replace(EnumerableConvention.INSTANCE)), join.getRowType(), lookup));
    }

    /**
     * Whether the join's key equality is {@code =}, under which a NULL key matches nothing, as the
     * lookup has it: not {@code IS NOT DISTINCT FROM} (or its spelled-out form, {@code a = b OR
     * (a IS NULL AND b IS NULL)}), which {@link JoinInfo} takes for a key too, and under which a
     * NULL {@code parent_call_id} would match a NULL of the other side.
     */
    private static boolean nullsMatchNothing(Join join) {
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        List<Boolean> filterNulls = new ArrayList<>();
        List<RexNode> others = new ArrayList<>();
        RelOptUtil.splitJoinCondition(join.getLeft(), join.getRight(), join.getCondition(), leftKeys, rightKeys,
                filterNulls, others);
        return others.isEmpty() && !filterNulls.contains(false);
    }

    /** The table column behind each field of the big side, or null when a field is computed. */
    private static int[] bigColumns(TableScan scan, Project project) {
        int[] scanned = scan instanceof Bindables.BindableTableScan bindable ? bindable.projects.toIntArray()
                : scan instanceof LogicalTableScan ? identity(scan.getRowType().getFieldCount()) : null;
        if (scanned == null || project == null) {
            return scanned;
        }
        int[] columns = new int[project.getProjects().size()];
        for (int i = 0; i < columns.length; i++) {
            if (!(project.getProjects().get(i) instanceof RexInputRef ref)) {
                return null;
            }
            columns[i] = scanned[ref.getIndex()];
        }
        return columns;
    }

    private static int[] identity(int count) {
        int[] columns = new int[count];
        Arrays.setAll(columns, i -> i);
        return columns;
    }

    /**
     * Whether {@code node} reads a big table other than through an aggregate: then it is no
     * small side to hold (a self-join of {@code calls}, a join of {@code calls} with
     * {@code allocations}), and Calcite plans the join as it would.
     */
    private static boolean holdsBigTable(RelNode node) {
        RelNode rel = node instanceof RelSubset subset ? subset.getOriginal() : node;
        if (rel == null) {
            return true; // nothing known of it: do not bet memory on it
        }
        if (rel instanceof TableScan scan) {
            ColumnSource table = scan.getTable().unwrap(ColumnSource.class);
            return table != null && table.idColumn() >= 0;
        }
        if (rel instanceof Aggregate) {
            return false;
        }
        for (RelNode input : rel.getInputs()) {
            if (holdsBigTable(input)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What EXPLAIN shows, and the plan node's digest: {@code input LEFT JOIN recording.calls ON
     * input.$0 = calls.call_id, reading call_id, method_id} when the table is the right input,
     * {@code recording.calls LEFT JOIN input ON calls.call_id = input.$0, reading ...} when it
     * is the left one; then the filters it applies, if any. Everything the rows depend on is in
     * it (see the class comment).
     */
    private static String describe(Join join, ColumnSource table, TableScan scan, int[] columns, int tableKeyColumn,
                                   List<RexNode> filters, int smallKey, int bigSide) {
        List<String> names = new ArrayList<>();
        for (int column : columns) {
            names.add(table.columnName(column));
        }
        List<String> qualified = scan.getTable().getQualifiedName();
        String tableName = qualified.get(qualified.size() - 1);
        String tableKey = tableName + "." + table.columnName(tableKeyColumn);
        String inputKey = "input.$" + smallKey;
        String joined = bigSide == 1
                ? "input " + join.getJoinType() + " JOIN " + String.join(".", qualified) + " ON " + inputKey + " = " + tableKey
                : String.join(".", qualified) + " " + join.getJoinType() + " JOIN input ON " + tableKey + " = " + inputKey;
        return joined + ", reading " + String.join(", ", names)
                + (filters.isEmpty() ? "" : " WHERE " + filters.stream().map(RexNode::toString).collect(Collectors.joining(" AND ")));
    }
}
