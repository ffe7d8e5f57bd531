package org.profq.engine.jdbc;

import java.lang.reflect.Proxy;
import java.sql.ResultSetMetaData;

/**
 * Result metadata whose {@code getColumnName} is the column's label: the name the query gave it
 * ({@code SELECT call_id AS id} is {@code id}). Calcite answers with the column the value came
 * from, and clients that name columns by {@code getColumnName} (JPype's DB-API cursor, and with
 * it every pandas DataFrame made in a notebook) would show {@code call_id}, or two columns of
 * one name for {@code SELECT a.call_id AS a, b.call_id AS b}.
 */
final class LabelsAsColumnNames {
    private LabelsAsColumnNames() {
    }

    static ResultSetMetaData of(ResultSetMetaData calcite) {
        return (ResultSetMetaData) Proxy.newProxyInstance(LabelsAsColumnNames.class.getClassLoader(),
                new Class<?>[] {ResultSetMetaData.class}, (self, method, args) -> {
                    if (method.getName().equals("getColumnName")) {
                        return calcite.getColumnLabel((Integer) args[0]);
                    }
                    return Reflection.call(calcite, method, args);
                });
    }
}
