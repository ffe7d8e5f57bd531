package org.profq.engine.table;

import java.util.List;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * A profq table's documentation and shape: its name, what one row stands for, and its
 * columns in order. Tables derive their Calcite row type from it, so the documentation
 * cannot drift from what a query sees.
 */
public record TableDefinition(String name, String onePerRow, List<Column> columns) {

    public TableDefinition {
        columns = List.copyOf(columns);
    }

    /** The Calcite row type: one field per column, with its type and nullability. */
    public RelDataType rowType(RelDataTypeFactory types) {
        RelDataTypeFactory.Builder builder = types.builder();
        for (Column column : columns) {
            builder.add(column.name(), types.createTypeWithNullability(types.createSqlType(column.type()), column.nullable()));
        }
        return builder.build();
    }
}
