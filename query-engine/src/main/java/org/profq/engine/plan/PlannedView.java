package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.DataContext;
import org.apache.calcite.jdbc.CalcitePrepare.CalciteSignature;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.runtime.Hook;

/**
 * A profile view's SQL, planned and compiled once per connection as a statement of its own, so
 * that a query naming the view plans only itself around it ({@link ProfileViewScan}). Expanded
 * in place, a view (and the views it builds on) was parsed, decorrelated and planned anew for
 * each query and each time the query named it: a union of three queries over {@code waste_by_site}
 * took seconds to plan, against milliseconds to run.
 *
 * <p>Why it is right: the rows are those of the view's own statement, run in the statement that
 * reads them and through its {@code DataContext} ({@link ViewDataContext}), so over the same
 * snapshot of the recording as the rest of that statement, and in the view's order (which the
 * scan declares as its collation). What is given up is the planner's rewriting across the view's
 * edge (a filter of the query is applied to the view's rows, not pushed into its scans); inside
 * the view's body, the views it builds on are expanded and planned with it as before.
 */
public final class PlannedView {
    /** How deep this thread is in planning a view's body: views named there are expanded in place. */
    private static final ThreadLocal<int[]> BODY_DEPTH = ThreadLocal.withInitial(() -> new int[1]);

    private final String name;
    private final CalciteSignature<Object> signature;
    private final double rowCount;
    private final RelCollation collation;
    private final String plan;

    private PlannedView(String name, CalciteSignature<Object> signature, double rowCount, RelCollation collation, String plan) {
        this.name = name;
        this.signature = signature;
        this.rowCount = rowCount;
        this.collation = collation;
        this.plan = plan;
    }

    /** Whether this thread is planning a view's body, where the views it names are expanded in place. */
    public static boolean planningViewBody() {
        return BODY_DEPTH.get()[0] > 0;
    }

    /** A planning of the view {@code name}'s body by {@code prepare}, which gives its signature. */
    interface BodyPlanner {
        CalciteSignature<Object> prepare();
    }

    /** Plans the view {@code name}'s body with {@code planner}, noting its row count, order and plan as they are made. */
    static PlannedView plan(String name, BodyPlanner planner) {
        RelRoot[] planned = new RelRoot[1];
        CalciteSignature<Object> signature;
        int[] depth = BODY_DEPTH.get();
        depth[0]++;
        try (Hook.Closeable ignored = Hook.PLAN_BEFORE_IMPLEMENTATION.addThread((RelRoot root) -> {
            if (planned[0] == null) {
                planned[0] = root;
            }
        })) {
            signature = planner.prepare();
        } finally {
            depth[0]--;
        }
        if (planned[0] == null) {
            throw new IllegalStateException("the profile view " + name + " was planned without a plan to implement");
        }
        RelRoot root = planned[0];
        return new PlannedView(name, signature, root.rel.estimateRowCount(root.rel.getCluster().getMetadataQuery()),
                outputCollation(root), RelOptUtil.toString(root.rel).strip().replaceAll("\\s*\\n\\s*", "; "));
    }

    /** The root's order, as positions of its output fields: its leading keys up to the first the output leaves out. */
    private static RelCollation outputCollation(RelRoot root) {
        List<RelFieldCollation> kept = new ArrayList<>();
        for (RelFieldCollation field : root.collation.getFieldCollations()) {
            int output = -1;
            for (int i = 0; i < root.fields.size(); i++) {
                if (root.fields.get(i).getKey() == field.getFieldIndex()) {
                    output = i;
                    break;
                }
            }
            if (output < 0) {
                break;
            }
            kept.add(field.withFieldIndex(output));
        }
        return RelCollations.of(kept);
    }

    public String name() {
        return name;
    }

    double rowCount() {
        return rowCount;
    }

    RelCollation collation() {
        return collation;
    }

    /** The view's plan on one line, for {@code EXPLAIN}. */
    String plan() {
        return plan;
    }

    /** The view's rows, read by the statement running {@code root}; called by the code {@link ProfileViewScan} generates. */
    public Enumerable<Object[]> rows(DataContext root) {
        Enumerable<Object> rows = signature.enumerable(new ViewDataContext(root, signature.internalParameters));
        return rows.select(row -> row instanceof Object[] array ? array : new Object[] {row});
    }
}
