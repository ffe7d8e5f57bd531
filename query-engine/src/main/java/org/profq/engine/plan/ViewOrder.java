package org.profq.engine.plan;

import java.util.ArrayList;
import java.util.List;

import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

/**
 * The order a query over one ordered view keeps when it names no order of its own:
 * {@code SELECT * FROM heap_by_method} lists the heaviest method first, as the view says.
 * Calcite treats a view's {@code ORDER BY} as that of a sub-query, which the planner may drop
 * when the query around it asks for no order. Here the query's result is asked for in the
 * view's order when the query is only a selection of the view's columns and a filter of its rows:
 * on the view's ordering columns the query keeps (the leading ones, up to the first it leaves out).
 *
 * <p>What it guarantees: it changes the order of a result, never its rows. It asks for an order
 * only when the query names none, is a {@code SELECT}, and between its result and the view's
 * sort has nothing but filters and projections (no join, aggregate, limit or offset); it maps
 * each ordering column through the projections' plain column references and stops at the first
 * one the result no longer has, so it never asks for an order on a column the sort did not order.
 */
final class ViewOrder {
    private ViewOrder() {
    }

    /** {@code root}'s collation, or where it names none, the order of the one view it selects from. */
    static RelCollation of(RelRoot root) {
        if (!root.collation.getFieldCollations().isEmpty() || root.kind != SqlKind.SELECT) {
            return root.collation;
        }
        // field i of root.rel is field position[i] of `current` (-1: computed, no longer a field)
        RelNode current = root.rel;
        int[] position = new int[current.getRowType().getFieldCount()];
        for (int i = 0; i < position.length; i++) {
            position[i] = i;
        }
        while (true) {
            if (current instanceof Filter filter) {
                current = filter.getInput();
            } else if (current instanceof Project project) {
                List<RexNode> expressions = project.getProjects();
                for (int i = 0; i < position.length; i++) {
                    position[i] = position[i] >= 0 && expressions.get(position[i]) instanceof RexInputRef ref ? ref.getIndex() : -1;
                }
                current = project.getInput();
            } else if (current instanceof Sort sort && sort.offset == null && sort.fetch == null) {
                return kept(sort.getCollation(), position);
            } else if (current instanceof ProfileViewScan view) {
                return kept(view.getTraitSet().getCollation(), position);
            } else {
                return root.collation;
            }
        }
    }

    /** The leading fields of {@code sorted} that the query's result still has, as its fields. */
    private static RelCollation kept(RelCollation sorted, int[] position) {
        List<RelFieldCollation> kept = new ArrayList<>();
        for (RelFieldCollation field : sorted.getFieldCollations()) {
            int output = indexOf(position, field.getFieldIndex());
            if (output < 0) {
                break;
            }
            kept.add(field.withFieldIndex(output));
        }
        return RelCollations.of(kept);
    }

    private static int indexOf(int[] position, int field) {
        for (int i = 0; i < position.length; i++) {
            if (position[i] == field) {
                return i;
            }
        }
        return -1;
    }
}
