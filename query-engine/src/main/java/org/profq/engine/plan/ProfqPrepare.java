package org.profq.engine.plan;

import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.prepare.CalcitePrepareImpl;

/**
 * Calcite's statement preparation with profq's planner rules added ({@link IndexAggregateRule}).
 * {@code -Dprofq.indexAggregates=false} leaves them out, so every aggregate runs through
 * Calcite's own operators: to compare the two, or to rule profq's out when a result looks wrong.
 */
public final class ProfqPrepare extends CalcitePrepareImpl {
    public static final String INDEX_AGGREGATES = "profq.indexAggregates";

    @Override
    protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
                                          org.apache.calcite.plan.Context externalContext,
                                          RelOptCostFactory costFactory) {
        // (the plan Context is spelled out: inside this class, Context is CalcitePrepare's)
        RelOptPlanner planner = super.createPlanner(prepareContext, externalContext, costFactory);
        if (!"false".equals(System.getProperty(INDEX_AGGREGATES))) {
            IndexAggregateRule.addTo(planner);
        }
        return planner;
    }
}
