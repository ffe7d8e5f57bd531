package org.profq.engine.plan;

import java.lang.reflect.Type;

import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.prepare.CalcitePrepareImpl;

/**
 * Calcite's statement preparation with profq's planner rules added ({@link IndexAggregateRule},
 * {@link IndexLookupJoinRule}). {@code -Dprofq.indexAggregates=false} leaves them out, so every
 * aggregate and join runs through Calcite's own operators: to compare the two, or to rule
 * profq's out when a result looks wrong.
 */
public final class ProfqPrepare extends CalcitePrepareImpl {
    public static final String INDEX_AGGREGATES = "profq.indexAggregates";

    private final PreparedPlans plans;

    /** A preparation for one statement of the connection whose plans are {@code plans}. */
    public ProfqPrepare(PreparedPlans plans) {
        this.plans = plans;
    }

    @Override
    public <T> CalciteSignature<T> prepareSql(CalcitePrepare.Context context, Query<T> query, Type elementType,
                                              long maxRowCount) {
        if (query.sql == null) {
            return super.prepareSql(context, query, elementType, maxRowCount);
        }
        return plans.get(query.sql, context.getDefaultSchemaPath(), elementType, maxRowCount, indexAggregates(),
                () -> super.prepareSql(context, query, elementType, maxRowCount));
    }

    @Override
    protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
                                          org.apache.calcite.plan.Context externalContext,
                                          RelOptCostFactory costFactory) {
        // (the plan Context is spelled out: inside this class, Context is CalcitePrepare's)
        RelOptPlanner planner = super.createPlanner(prepareContext, externalContext, costFactory);
        if (indexAggregates()) {
            IndexAggregateRule.addTo(planner);
            IndexLookupJoinRule.addTo(planner);
        }
        return planner;
    }

    private static boolean indexAggregates() {
        return !"false".equals(System.getProperty(INDEX_AGGREGATES));
    }
}
