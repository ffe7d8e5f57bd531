package org.profq.engine.plan;

import java.util.List;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql2rel.CorrelationReferenceFinder;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.mapping.Mapping;

/**
 * Calcite's {@link RelFieldTrimmer} (which leaves out of a plan the columns a statement does not
 * use), with the correlation variable of a trimmed filter typed by the filter's trimmed input.
 *
 * <p>Why: a side of a join from which a statement uses no column is trimmed to one constant
 * column, {@code DUMMY}, which comes from no column of the untrimmed join. When a filter above
 * that join holds a correlated sub-query ({@code SELECT t0.x FROM t AS t0, t AS t1 WHERE NOT
 * EXISTS (SELECT 1 FROM t AS s WHERE s.x = t0.x)}), Calcite's {@code RelFieldTrimmer.result}
 * re-types the correlation variable by looking up, for every column of the trimmed input, the
 * untrimmed column it came from; for {@code DUMMY} there is none (index -1), and the statement
 * failed with "ArrayIndexOutOfBoundsException: Index -1 out of bounds" before it was planned,
 * in plain Calcite 1.42 too. Any join with no key on the unused side does it: a comma join,
 * {@code ON TRUE}, {@code ON FALSE}, {@code ON t0.y = 5}.
 *
 * <p>What it guarantees: for a filter whose input the trimmer replaced and whose correlation
 * variable would need such a column, the variable's new type keeps Calcite's column for every
 * column that has a source, and takes the trimmed input's own column (its name and type) for one
 * that has none; each field the sub-query reads is moved to its column's new position, as
 * Calcite does. Every other relational expression, and every filter whose input's columns all
 * have a source, is left to Calcite's own code.
 */
final class CorrelatedFilterTrimmer extends RelFieldTrimmer {
    private final RelBuilder builder;

    CorrelatedFilterTrimmer(SqlValidator validator, RelBuilder builder) {
        super(validator, builder);
        this.builder = builder;
    }

    @Override
    protected TrimResult result(RelNode trimmed, Mapping mapping) {
        if (trimmed instanceof Filter filter && !filter.getVariablesSet().isEmpty()
                && hasColumnWithoutSource(mapping)
                && filter.getInput().getRowType().getFieldCount() == mapping.getTargetCount()) {
            RelNode remapped = filter;
            for (CorrelationId correlation : filter.getVariablesSet()) {
                remapped = remapped.accept(new Remapping(correlation, mapping, filter.getInput().getRowType()));
            }
            return new TrimResult(remapped, mapping);
        }
        return super.result(trimmed, mapping);
    }

    private static boolean hasColumnWithoutSource(Mapping mapping) {
        for (int target = 0; target < mapping.getTargetCount(); target++) {
            if (mapping.getSourceOpt(target) < 0) {
                return true;
            }
        }
        return false;
    }

    /** Moves each field of {@code correlation} the sub-queries read to its column in the trimmed input. */
    private final class Remapping extends CorrelationReferenceFinder {
        private final CorrelationId correlation;
        private final Mapping mapping;
        private final RelDataType trimmedInput;

        Remapping(CorrelationId correlation, Mapping mapping, RelDataType trimmedInput) {
            this.correlation = correlation;
            this.mapping = mapping;
            this.trimmedInput = trimmedInput;
        }

        @Override
        protected RexNode handle(RexFieldAccess fieldAccess) {
            RexCorrelVariable variable = (RexCorrelVariable) fieldAccess.getReferenceExpr();
            if (!variable.id.equals(correlation) || variable.getType().getFieldCount() != mapping.getSourceCount()) {
                return fieldAccess; // Calcite's condition for re-typing it
            }
            int column = mapping.getTargetOpt(fieldAccess.getField().getIndex());
            if (column < 0) {
                throw new IllegalStateException("the trimmer left out column " + fieldAccess.getField().getName()
                        + ", which a correlated sub-query reads");
            }
            List<RelDataTypeField> untrimmed = variable.getType().getFieldList();
            RelDataTypeFactory.Builder type = builder.getTypeFactory().builder();
            for (int target = 0; target < mapping.getTargetCount(); target++) {
                int source = mapping.getSourceOpt(target);
                type.add(source >= 0 ? untrimmed.get(source) : trimmedInput.getFieldList().get(target));
            }
            RexNode retyped = builder.getRexBuilder().makeCorrel(type.build(), variable.id);
            return builder.getRexBuilder().makeFieldAccess(retyped, column);
        }
    }
}
