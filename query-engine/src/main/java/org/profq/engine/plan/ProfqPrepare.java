package org.profq.engine.plan;

import java.lang.reflect.Type;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.interpreter.BindableConvention;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rules.JoinPushThroughJoinRule;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.runtime.Hook;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.util.CancelFlag;
import org.profq.engine.scan.ColumnSource;

/**
 * Calcite's statement preparation with profq's planner rules added ({@link IndexAggregateRule},
 * {@link IndexLookupJoinRule}, {@link OrJoinToUnionRule}), and Calcite's merge join taken out
 * ({@link #withoutMergeJoins}). {@code -Dprofq.indexAggregates=false} leaves them out, so every
 * aggregate and join runs through Calcite's own operators: to compare the two, or to rule
 * profq's out when a result looks wrong.
 *
 * <p>A connection opened with {@code planner=plain} ({@link PlannerChoice#PLAIN}) goes further:
 * besides profq's rules, the filters and projections are not pushed into the tables' scans
 * and a query over a view gets no {@link ViewOrder}, so every table is read whole, row by row,
 * and Calcite's own operators do the rest. It is slow on a big recording and meant as a
 * reference: the differential tester compares every answer with it.
 */
public final class ProfqPrepare extends CalcitePrepareImpl {
    public static final String INDEX_AGGREGATES = "profq.indexAggregates";

    private final PreparedPlans plans;
    private final PlannerChoice choice;

    /** A preparation for one statement of the connection whose plans are {@code plans}. */
    public ProfqPrepare(PreparedPlans plans) {
        this(plans, PlannerChoice.PROFQ);
    }

    /** A preparation for one statement of the connection whose plans are {@code plans}, planned as {@code planner} says. */
    public ProfqPrepare(PreparedPlans plans, PlannerChoice planner) {
        this.plans = plans;
        this.choice = planner;
    }

    @Override
    public <T> CalciteSignature<T> prepareSql(CalcitePrepare.Context context, Query<T> query, Type elementType,
                                              long maxRowCount) {
        if (query.sql == null) {
            return super.prepareSql(context, query, elementType, maxRowCount);
        }
        try {
            return plans.get(query.sql, context.getDefaultSchemaPath(), elementType, maxRowCount, profqRules(),
                    () -> notCancelled(() -> namingIndexTables(() -> super.prepareSql(context, query, elementType, maxRowCount))));
        } catch (RuntimeException | Error failure) {
            if (CodeTooLarge.causes(failure)) {
                throw new CodeTooLarge(failure);
            }
            throw failure;
        }
    }

    /**
     * The profile view {@code name}'s body {@code sql}, planned and compiled as a statement of its
     * own under {@code context} (whose default schema is the view's), with the views it names
     * expanded in place: a query naming the view reads its rows through a {@link ProfileViewScan}.
     */
    public PlannedView planView(CalcitePrepare.Context context, String name, String sql) {
        return PlannedView.plan(name, () -> notCancelled(() -> namingIndexTables(
                () -> ProfqPrepare.super.prepareSql(context, CalcitePrepare.Query.of(sql), Object[].class, -1))));
    }

    /**
     * The signature {@code prepare} makes, unless its statement was cancelled while it was planned: Calcite's planner
     * then stops where it is and gives the best plan it has found so far, which is right but may be
     * far from the best, or, stopped before it had any, fails. Either plan is not kept for the next
     * statement of the same SQL; this one fails as cancelled, and the statement's time limit says why.
     */
    private static <T> CalciteSignature<T> notCancelled(Supplier<CalciteSignature<T>> prepare) {
        CalciteSignature<T> signature;
        try {
            signature = prepare.get();
        } catch (RuntimeException failure) {
            throw PlanningCancel.explained(failure);
        }
        PlanningCancel.check();
        return signature;
    }

    /**
     * The plan {@code prepare} makes, holding the indexed tables it reads
     * ({@link ColumnSource#STATEMENT_TABLES}, in the statement's {@code DataContext} when it
     * runs): the first of them a statement reads has the index build all of those not built yet
     * in one pass over the events, rather than one pass each.
     */
    private static <T> CalciteSignature<T> namingIndexTables(Supplier<CalciteSignature<T>> prepare) {
        Set<ColumnSource> read = new LinkedHashSet<>();
        CalciteSignature<T> signature;
        try (Hook.Closeable ignored = Hook.CONVERTED.addThread((RelNode converted) -> {
            for (RelOptTable table : RelOptUtil.findAllTables(converted)) {
                ColumnSource source = table.unwrap(ColumnSource.class);
                if (source != null) {
                    read.add(source);
                }
            }
        })) {
            signature = prepare.get();
        }
        if (!read.isEmpty()) {
            try {
                signature.internalParameters.put(ColumnSource.STATEMENT_TABLES, List.copyOf(read));
            } catch (UnsupportedOperationException fixed) {
                // a statement that reads no rows (DDL's signature has fixed parameters): each table is built as it is read
            }
        }
        return signature;
    }

    @Override
    protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
                                          org.apache.calcite.plan.Context externalContext,
                                          RelOptCostFactory costFactory) {
        // (the plan Context is spelled out: inside this class, Context is CalcitePrepare's)
        AtomicBoolean cancel = PlanningCancel.current();
        org.apache.calcite.plan.Context context = externalContext == null ? Contexts.of(prepareContext.config()) : externalContext;
        RelOptPlanner planner = super.createPlanner(prepareContext,
                cancel == null ? context : Contexts.chain(Contexts.of(new CancelFlag(cancel)), context), costFactory);
        withoutMergeJoins(planner); // a correctness fix of Calcite's, so the plain planner has it too
        withoutMergeUnions(planner); // and so is this
        withoutExhaustiveJoinOrders(planner); // so too: the plain planner must answer what profq's does
        NoRightNestedLoopJoinRule.replaceJoinRule(planner); // and a correctness fix of Calcite's nested loop join
        planner.addRule(WindowExtremeOfNullRule.INSTANCE); // and of its windowed MIN and MAX of NULL
        if (profqRules()) {
            IndexAggregateRule.addTo(planner);
            IndexLookupJoinRule.addTo(planner);
            planner.addRule(OrJoinToUnionRule.INSTANCE);
        }
        if (choice == PlannerChoice.PLAIN) {
            PlannerChoice.removeScanPushDown(planner);
        }
        return planner;
    }

    /**
     * Takes Calcite's merge join out of {@code planner}, whatever else is switched on or off: every
     * equi-join is then a hash join (or profq's {@link IndexLookupJoin}). Calcite's
     * {@code EnumerableMergeJoin} claims an order it does not give: a {@code LEFT} join's output
     * is said to be sorted on the right input's key ({@code passThroughTraits}, and
     * {@code RelMdCollation.mergeJoin} adds the right input's collations whatever the join type),
     * but the rows the left input alone gives have NULL there, among the others. A merge join
     * above it on that key then stops at the first NULL, and a query such as
     * {@code classes LEFT JOIN sites ON ... JOIN classes ON ... = sites.class_id} loses rows.
     * A merge join also sorts both of its inputs in memory, where a hash join holds one: nothing
     * is lost by leaving it out.
     */
    static void withoutMergeJoins(RelOptPlanner planner) {
        planner.removeRule(EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE);
    }

    /**
     * Takes Calcite's merge union out of {@code planner}: a sorted {@code UNION} is then a sort
     * above the union. {@code EnumerableMergeUnionRule} pushes an {@code ORDER BY ... LIMIT n}
     * above a union into each of its inputs as {@code LIMIT n}, which is right for {@code UNION
     * ALL} only: for {@code UNION}, whose duplicates go after, the first n rows of an input may
     * be one value n times. {@code SELECT t1.name FROM allocations AS t0 RIGHT JOIN threads AS t1
     * ON ... UNION SELECT (the same) ORDER BY 1 LIMIT 6} gave 'main' alone (every one of an
     * input's first six rows was 'main'); right: 'main' and 'profq-shutdown'.
     */
    static void withoutMergeUnions(RelOptPlanner planner) {
        planner.removeRule(EnumerableRules.ENUMERABLE_MERGE_UNION_RULE);
    }

    /**
     * Takes out of {@code planner} the rules that push a join through another
     * ({@code JoinPushThroughJoinRule}, left and right), so that joins are reordered by commuting
     * their inputs only. With them, Calcite's planner searches every order of a query's joins, and
     * where the joins' conditions equate many columns with one another (a join of four relations
     * on {@code a.x = b.x}, {@code a.x = c.y} and {@code c.y = d.z}, say) it registers new
     * equivalent joins faster than it can cost them: such a query over four tables of a few
     * hundred rows was still being planned after minutes. Calcite's own heuristic join ordering
     * takes them out for the same reason ({@code Programs.heuristicJoinOrder}: "they cause
     * exhaustive search").
     */
    static void withoutExhaustiveJoinOrders(RelOptPlanner planner) {
        for (RelOptRule rule : List.copyOf(planner.getRules())) {
            if (rule instanceof JoinPushThroughJoinRule) {
                planner.removeRule(rule);
            }
        }
    }

    /**
     * Calcite's preparation of one statement, with {@link ViewOrder}'s order for a query over one
     * view, and {@link ConstantGroupKeys} before the decorrelation of its sub-queries.
     */
    @Override
    protected CalcitePreparingStmt getPreparingStmt(CalcitePrepare.Context context, Type elementType,
                                                    CalciteCatalogReader catalogReader, RelOptPlanner planner) {
        JavaTypeFactory types = context.getTypeFactory();
        RelOptCluster cluster = createCluster(planner, new RexBuilder(types));
        return new CalcitePreparingStmt(this, context, catalogReader, types, context.getRootSchema(),
                elementType == Object[].class ? EnumerableRel.Prefer.ARRAY : EnumerableRel.Prefer.CUSTOM,
                cluster, enableBindable ? BindableConvention.INSTANCE : EnumerableConvention.INSTANCE, createConvertletTable()) {
            /**
             * Calcite's conversion of SQL to a plan, whose trimming of unused columns is
             * {@link CorrelatedFilterTrimmer}'s: a correctness fix of Calcite's, for the plain planner too.
             */
            @Override
            protected SqlToRelConverter getSqlToRelConverter(SqlValidator validator, Prepare.CatalogReader reader,
                                                             SqlToRelConverter.Config config) {
                SqlToRelConverter.Config configured = config.withTopDownGeneralDecorrelationEnabled(
                        context.config().topDownGeneralDecorrelationEnabled()); // as Calcite's own
                return new SqlToRelConverter(this, validator, reader, cluster, convertletTable, configured) {
                    @Override
                    protected RelFieldTrimmer newFieldTrimmer() {
                        RelBuilder builder = configured.getRelBuilderFactory().create(cluster, reader)
                                .transform(configured.getRelBuilderConfigTransform());
                        return new CorrelatedFilterTrimmer(validator, builder);
                    }
                };
            }

            @Override
            protected RelTraitSet getDesiredRootTraitSet(RelRoot root) {
                return super.getDesiredRootTraitSet(choice == PlannerChoice.PLAIN ? root : root.withCollation(ViewOrder.of(root)));
            }

            /**
             * Calcite's programs, with {@link CorrelatedWindows}' refusal before its sub-queries are made joins, and
             * {@link ConstantGroupKeys} and {@link CoalesceKept} after: correctness fixes, for the plain planner too.
             */
            @Override
            protected Program getProgram() {
                return Programs.sequence(CorrelatedWindows.PROGRAM, Programs.subQuery(DefaultRelMetadataProvider.INSTANCE),
                        ConstantGroupKeys.PROGRAM, CoalesceKept.PROGRAM, super.getProgram());
            }
        };
    }

    /** Whether profq's own rules plan this statement: not on a plain connection, nor with {@code -Dprofq.indexAggregates=false}. */
    private boolean profqRules() {
        return choice == PlannerChoice.PROFQ && !"false".equals(System.getProperty(INDEX_AGGREGATES));
    }
}
