package org.profq.cli.output;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A query's result read into memory: column names, each column's SQL type as the driver names
 * it (what the REPL's {@code \save} documents), whether each column is numeric (numbers are
 * right-aligned and unquoted), and the rows. Every output format prints one of these.
 */
public record ResultTable(List<String> columns, List<String> types, List<Boolean> numeric, List<List<Object>> rows) {

    public ResultTable {
        columns = List.copyOf(columns);
        types = List.copyOf(types);
        numeric = List.copyOf(numeric);
        rows = Collections.unmodifiableList(new ArrayList<>(rows));
    }

    /** A listing made in memory, every column text: the reports, the tables and views, a view's columns. */
    public static ResultTable ofText(List<String> columns, List<List<Object>> rows) {
        return new ResultTable(columns, Collections.nCopies(columns.size(), "VARCHAR"),
                Collections.nCopies(columns.size(), false), rows);
    }

    /** Reads every row of {@code results}. */
    public static ResultTable read(ResultSet results) throws SQLException {
        return read(results, null);
    }

    /**
     * Reads every row of {@code results}, the result of {@code sql}: a column Calcite would label
     * {@code EXPR$0} is labelled with its expression's text ({@link ReadableLabels}).
     */
    public static ResultTable read(ResultSet results, String sql) throws SQLException {
        ResultSetMetaData meta = results.getMetaData();
        int count = meta.getColumnCount();
        List<String> columns = new ArrayList<>(count);
        List<String> types = new ArrayList<>(count);
        List<Boolean> numeric = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            columns.add(meta.getColumnLabel(i));
            types.add(meta.getColumnTypeName(i));
            numeric.add(isNumeric(meta.getColumnType(i)));
        }
        columns = ReadableLabels.readable(sql, columns);
        List<List<Object>> rows = new ArrayList<>();
        while (results.next()) {
            List<Object> row = new ArrayList<>(count);
            for (int i = 1; i <= count; i++) {
                row.add(results.getObject(i));
            }
            rows.add(Collections.unmodifiableList(row));
        }
        return new ResultTable(columns, types, numeric, rows);
    }

    /** The index of the column named {@code name} (case-insensitive), or -1. */
    public int columnIndex(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isNumeric(int sqlType) {
        return switch (sqlType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.REAL, Types.FLOAT,
                    Types.DOUBLE, Types.DECIMAL, Types.NUMERIC -> true;
            default -> false;
        };
    }
}
