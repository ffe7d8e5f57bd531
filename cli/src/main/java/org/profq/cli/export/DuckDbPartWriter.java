package org.profq.cli.export;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.LongConsumer;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Streams a query's rows into part files with DuckDB, never holding a whole table: rows go
 * through DuckDB's appender into an in-memory table that holds one part (at most
 * {@link #ROWS_PER_PART} rows or about {@link #TEXT_BYTES_PER_PART} bytes of text, whichever
 * comes first), which {@code COPY … TO} writes to the part's temporary file and is then emptied
 * for the next part. DuckDB's own writer makes the Parquet: dictionary-encoded strings, ZSTD,
 * row groups written in parallel.
 */
public final class DuckDbPartWriter implements AutoCloseable {
    /** Rows per part file: four row groups. */
    static final int ROWS_PER_PART = 4 * ExportFormat.ROW_GROUP_ROWS;
    /** Text appended to one part before it is written, bounding memory when strings are long (calls.stack). */
    static final long TEXT_BYTES_PER_PART = 256L << 20;
    private static final String TABLE = "part_rows";

    private final DuckDBConnection duck;
    private final ExportFormat format;

    /** An in-memory DuckDB that spills to {@code scratch} (if ever) and stays within {@code memoryLimit} (e.g. 1GB). */
    public DuckDbPartWriter(ExportFormat format, Path scratch, String memoryLimit) throws SQLException {
        this.format = format;
        this.duck = DriverManager.getConnection("jdbc:duckdb:", new Properties()).unwrap(DuckDBConnection.class);
        try (Statement statement = duck.createStatement()) {
            statement.execute("SET memory_limit = '" + memoryLimit + "'");
            statement.execute("SET temp_directory = " + literal(scratch.toString()));
        }
        // One transaction per part: otherwise the appender commits every chunk of 2,048 rows, which halves its speed.
        duck.setAutoCommit(false);
    }

    /**
     * Writes every row of {@code rows} into {@code partition}'s parts (one, empty, for no rows, so
     * that readers still see the columns); {@code progress} is told the rows written so far after
     * each part. Returns the number of rows.
     */
    public long write(ResultSet rows, Partition partition, LongConsumer progress) throws SQLException, IOException {
        List<Column> columns = columns(rows.getMetaData());
        createTable(columns);
        long total = 0;
        boolean more = rows.next();
        do {
            int inPart = 0;
            long textBytes = 0;
            try (DuckDBAppender appender = duck.createAppender(DuckDBConnection.DEFAULT_SCHEMA, TABLE)) {
                while (more && inPart < ROWS_PER_PART && textBytes < TEXT_BYTES_PER_PART) {
                    appender.beginRow();
                    for (Column column : columns) {
                        textBytes += column.append(rows, appender);
                    }
                    appender.endRow();
                    inPart++;
                    more = rows.next();
                }
            }
            copyTo(partition.nextPart());
            total += inPart;
            progress.accept(total);
        } while (more);
        return total;
    }

    private void createTable(List<Column> columns) throws SQLException {
        List<String> definitions = new ArrayList<>();
        for (Column column : columns) {
            definitions.add(identifier(column.name) + " " + column.kind.duckType);
        }
        try (Statement statement = duck.createStatement()) {
            statement.execute("CREATE OR REPLACE TABLE " + TABLE + " (" + String.join(", ", definitions) + ")");
        }
        duck.commit();
    }

    private void copyTo(Path file) throws SQLException {
        try (Statement statement = duck.createStatement()) {
            statement.execute("COPY " + TABLE + " TO " + literal(file.toString()) + " (" + format.copyOptions() + ")");
            statement.execute("TRUNCATE " + TABLE);
        }
        duck.commit();
    }

    @Override
    public void close() throws SQLException {
        duck.close();
    }

    private static List<Column> columns(ResultSetMetaData meta) throws SQLException {
        List<Column> columns = new ArrayList<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
            columns.add(new Column(i, meta.getColumnLabel(i), Kind.of(meta.getColumnType(i))));
        }
        return columns;
    }

    private static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** How a SQL type is stored: Parquet's natural type for it (INT64, INT32, BOOLEAN, DOUBLE, UTF8 strings). */
    private enum Kind {
        LONG("BIGINT"), INT("INTEGER"), BOOLEAN("BOOLEAN"), DOUBLE("DOUBLE"), TEXT("VARCHAR");

        final String duckType;

        Kind(String duckType) {
            this.duckType = duckType;
        }

        static Kind of(int sqlType) {
            return switch (sqlType) {
                case Types.BIGINT -> LONG;
                case Types.INTEGER, Types.SMALLINT, Types.TINYINT -> INT;
                case Types.BOOLEAN, Types.BIT -> BOOLEAN;
                case Types.DOUBLE, Types.FLOAT, Types.REAL, Types.DECIMAL, Types.NUMERIC -> DOUBLE;
                default -> TEXT;
            };
        }
    }

    /** One column of the result: where it is and how its values are appended. */
    private record Column(int index, String name, Kind kind) {
        /** Appends this column's value of the current row; returns the bytes of text appended (an estimate: chars). */
        long append(ResultSet rows, DuckDBAppender appender) throws SQLException {
            switch (kind) {
                case LONG -> {
                    long value = rows.getLong(index);
                    if (rows.wasNull()) {
                        appender.appendNull();
                    } else {
                        appender.append(value);
                    }
                }
                case INT -> {
                    int value = rows.getInt(index);
                    if (rows.wasNull()) {
                        appender.appendNull();
                    } else {
                        appender.append(value);
                    }
                }
                case BOOLEAN -> {
                    boolean value = rows.getBoolean(index);
                    if (rows.wasNull()) {
                        appender.appendNull();
                    } else {
                        appender.append(value);
                    }
                }
                case DOUBLE -> {
                    double value = rows.getDouble(index);
                    if (rows.wasNull()) {
                        appender.appendNull();
                    } else {
                        appender.append(value);
                    }
                }
                case TEXT -> {
                    String value = rows.getString(index);
                    if (value == null) {
                        appender.appendNull();
                    } else {
                        appender.append(value);
                        return value.length();
                    }
                }
            }
            return 0;
        }
    }
}
