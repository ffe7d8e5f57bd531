package org.profq.engine.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.junit.jupiter.api.Test;

class TableCatalogTest {

    @Test
    void everyColumnIsDocumentedInSnakeCase() {
        for (TableDefinition table : TableCatalog.all()) {
            for (Column column : table.columns()) {
                assertTrue(column.name().matches("[a-z][a-z0-9_]*"), column.name());
                assertFalse(column.meaning().isBlank(), table.name() + "." + column.name() + " has no meaning");
            }
        }
    }

    @Test
    void rowTypesFollowTheDefinitions() {
        RelDataType calls = TableCatalog.CALLS.rowType(new JavaTypeFactoryImpl());
        assertEquals(List.of("call_id", "thread_id", "method_id", "parent_call_id", "depth", "start_ns", "end_ns",
                "duration_ns", "self_ns", "threw", "finished", "outermost", "stack", "cpu_ns", "self_cpu_ns", "calls_made",
                "calls_inside", "allocations_made", "allocations_inside", "overhead_ns", "self_overhead_ns"), calls.getFieldNames());
        RelDataTypeField parent = calls.getField("parent_call_id", true, false);
        assertEquals("BIGINT", parent.getType().getSqlTypeName().getName());
        assertTrue(parent.getType().isNullable());
        assertFalse(calls.getField("call_id", true, false).getType().isNullable());
        assertEquals(List.of("run", "threads", "classes", "methods", "sites", "fields", "calls", "allocations", "deaths", "collections", "uses",
                        "exceptions", "params", "followed_objects", "field_writes", "reference_fields", "value_tuples",
                        "unwoven_classes"),
                TableCatalog.all().stream().map(TableDefinition::name).toList());
    }
}
