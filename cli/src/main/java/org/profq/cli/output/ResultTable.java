package org.profq.cli.output;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A query's result read into memory: column names, whether each column is numeric (numbers
 * are right-aligned and unquoted), and the rows. Every output format prints one of these.
 */
public record ResultTable(List<String> columns, List<Boolean> numeric, List<List<Object>> rows) {

    public ResultTable {
        columns = List.copyOf(columns);
        numeric = List.copyOf(numeric);
        rows = Collections.unmodifiableList(new ArrayList<>(rows));
    }

    /** Reads every row of {@code results}. */
    public static ResultTable read(ResultSet results) throws SQLException {
        ResultSetMetaData meta = results.getMetaData();
        int count = meta.getColumnCount();
        List<String> columns = new ArrayList<>(count);
        List<Boolean> numeric = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) {
            columns.add(meta.getColumnLabel(i));
            numeric.add(isNumeric(meta.getColumnType(i)));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (results.next()) {
            List<Object> row = new ArrayList<>(count);
            for (int i = 1; i <= count; i++) {
                row.add(results.getObject(i));
            }
            rows.add(Collections.unmodifiableList(row));
        }
        return new ResultTable(columns, numeric, rows);
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
