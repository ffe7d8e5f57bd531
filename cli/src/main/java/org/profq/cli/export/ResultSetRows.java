package org.profq.cli.export;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.duckdb.DuckDBDataChunkWriter;
import org.duckdb.DuckDBWritableVector;

/**
 * A query's rows, read from its JDBC result set a row at a time: what the tables that are not
 * indexed (the dictionaries, {@code run}, user events) and the profile views are exported
 * from. They are small beside {@code calls} and {@code allocations}, which come from the
 * index ({@link IndexedRows}).
 */
final class ResultSetRows implements RowSource {
    private final ResultSet rows;
    private final List<ExportColumn> columns = new ArrayList<>();
    private boolean onRow;
    private long textBytes;

    /** The rows of {@code rows}, which is before its first row. */
    ResultSetRows(ResultSet rows) throws SQLException {
        this.rows = rows;
        ResultSetMetaData meta = rows.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(new ExportColumn(meta.getColumnLabel(i), ExportColumn.Kind.ofJdbc(meta.getColumnType(i))));
        }
        onRow = rows.next();
    }

    @Override
    public List<ExportColumn> columns() {
        return columns;
    }

    @Override
    public boolean hasMore() {
        return onRow;
    }

    @Override
    public long textBytes() {
        return textBytes;
    }

    @Override
    public int fill(DuckDBDataChunkWriter chunk, int maxRows) throws SQLException {
        int filled = 0;
        while (onRow && filled < maxRows) {
            for (int column = 0; column < columns.size(); column++) {
                set(column, chunk.vector(column), filled);
            }
            filled++;
            onRow = rows.next();
        }
        return filled;
    }

    private void set(int column, DuckDBWritableVector vector, int at) throws SQLException {
        int index = column + 1;
        switch (columns.get(column).kind()) {
            case LONG -> {
                long value = rows.getLong(index);
                if (rows.wasNull()) {
                    vector.setNull(at);
                } else {
                    vector.setLong(at, value);
                }
            }
            case INT -> {
                int value = rows.getInt(index);
                if (rows.wasNull()) {
                    vector.setNull(at);
                } else {
                    vector.setInt(at, value);
                }
            }
            case BOOLEAN -> {
                boolean value = rows.getBoolean(index);
                if (rows.wasNull()) {
                    vector.setNull(at);
                } else {
                    vector.setBoolean(at, value);
                }
            }
            case DOUBLE -> {
                double value = rows.getDouble(index);
                if (rows.wasNull()) {
                    vector.setNull(at);
                } else {
                    vector.setDouble(at, value);
                }
            }
            case TEXT -> {
                String value = rows.getString(index);
                vector.setString(at, value); // null is NULL
                textBytes += value == null ? 0 : value.length();
            }
        }
    }
}
