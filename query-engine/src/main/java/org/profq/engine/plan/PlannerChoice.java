package org.profq.engine.plan;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.rules.FilterTableScanRule;
import org.apache.calcite.rel.rules.ProjectTableScanRule;

/**
 * How a connection's statements are planned, chosen by the connection property {@code planner}:
 * {@code profq} (the default) with profq's own rules, index operators and precomputed totals,
 * or {@code plain}, Calcite's operators over whole scans of the same rows (see
 * {@link ProfqPrepare}). The plain planner is the reference that profq's answers are checked
 * against: it shares the tables' rows and Calcite's SQL semantics, and nothing else.
 */
public enum PlannerChoice {
    PROFQ, PLAIN;

    /** The connection property that chooses. */
    public static final String PROPERTY = "planner";

    /** The choice {@code value} (null: the default) names; a value it does not know fails the connection, saying which it knows. */
    public static PlannerChoice of(String value) throws SQLException {
        if (value == null) {
            return PROFQ;
        }
        for (PlannerChoice choice : values()) {
            if (choice.name().equalsIgnoreCase(value.trim())) {
                return choice;
            }
        }
        throw new SQLException("the connection property planner is '" + value + "'; use planner=profq (the default) or"
                + " planner=plain (Calcite's own operators over whole scans, to check an answer)", "08001");
    }

    /**
     * Takes out of {@code planner} the rules that push a filter or a projection into a table's
     * scan ({@code BindableTableScan} with filters and projects): each table is then read whole
     * and Calcite filters and projects its rows itself.
     */
    static void removeScanPushDown(RelOptPlanner planner) {
        for (RelOptRule rule : List.copyOf(planner.getRules())) {
            if (rule instanceof FilterTableScanRule || rule instanceof ProjectTableScanRule) {
                planner.removeRule(rule);
            }
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
