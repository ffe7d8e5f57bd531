package org.profq.bench;

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

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * The DuckDB side of the query-speed benchmark, in its own JVM: copies the rows the views read
 * from the recording (through the {@code jdbc:profq:} driver, into DuckDB tables of the same
 * names and columns, with DuckDB's appender), then runs each view's own SQL in DuckDB, cold (the
 * first run after loading) and warm.
 *
 * <p>{@code DuckDbQueryRun <recording> <duckdb file> <memory limit> <warm runs>}; prints
 * {@code load <millis> <rows>} then one line per view: {@code view coldMillis warmMedianMillis rows}.
 */
public final class DuckDbQueryRun {
    /** The tables the views read, and the columns of each that they use (all of the small ones). */
    private static final List<String[]> TABLES = List.of(
            new String[] {"classes", "*"},
            new String[] {"methods", "*"},
            new String[] {"sites", "*"},
            new String[] {"calls", "call_id, thread_id, method_id, parent_call_id, depth, duration_ns, self_ns, outermost, stack"},
            new String[] {"allocations", "object_id, site_id, class_id, thread_id, size_bytes"});

    public static void main(String[] args) throws Exception {
        Path recording = Path.of(args[0]);
        Path database = Path.of(args[1]);
        String memoryLimit = args[2];
        int warmRuns = Integer.parseInt(args[3]);
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + database)) {
            try (Statement settings = duck.createStatement()) {
                settings.execute("SET memory_limit = '" + memoryLimit + "'");
            }
            long start = System.nanoTime();
            long rows = 0;
            try (Connection profq = DriverManager.getConnection("jdbc:profq:" + recording)) {
                for (String[] table : TABLES) {
                    rows += copy(profq, duck.unwrap(DuckDBConnection.class), table[0], table[1]);
                }
            }
            System.out.printf("load %.1f %d%n", (System.nanoTime() - start) / 1e6, rows);
            for (String view : ProfileViewQueries.VIEWS) {
                String sql = ProfileViewQueries.viewSql(view);
                ProfileViewQueries.Timing cold = ProfileViewQueries.time(duck, sql);
                double[] warm = new double[warmRuns];
                for (int run = 0; run < warmRuns; run++) {
                    warm[run] = ProfileViewQueries.time(duck, sql).millis();
                }
                System.out.printf("%s %.1f %.1f %d%n", view, cold.millis(), ProfqQueryRun.median(warm), cold.rows());
            }
        }
    }

    /** Creates {@code table} in DuckDB with the profq table's columns and types, and appends its rows. */
    private static long copy(Connection profq, DuckDBConnection duck, String table, String columns) throws SQLException {
        long rows = 0;
        try (Statement statement = profq.createStatement();
             ResultSet result = statement.executeQuery("SELECT " + columns + " FROM " + table)) {
            ResultSetMetaData meta = result.getMetaData();
            int count = meta.getColumnCount();
            List<String> definitions = new ArrayList<>();
            for (int column = 1; column <= count; column++) {
                definitions.add("\"" + meta.getColumnLabel(column).toLowerCase() + "\" " + duckType(meta.getColumnType(column)));
            }
            try (Statement create = duck.createStatement()) {
                create.execute("DROP TABLE IF EXISTS " + table);
                create.execute("CREATE TABLE " + table + " (" + String.join(", ", definitions) + ")");
            }
            try (DuckDBAppender appender = duck.createAppender(DuckDBConnection.DEFAULT_SCHEMA, table)) {
                while (result.next()) {
                    appender.beginRow();
                    for (int column = 1; column <= count; column++) {
                        append(appender, result, column, meta.getColumnType(column));
                    }
                    appender.endRow();
                    rows++;
                }
            }
        }
        return rows;
    }

    private static void append(DuckDBAppender appender, ResultSet result, int column, int type) throws SQLException {
        switch (type) {
            case Types.BIGINT -> {
                long value = result.getLong(column);
                if (result.wasNull()) {
                    appender.appendNull();
                } else {
                    appender.append(value);
                }
            }
            case Types.INTEGER -> {
                int value = result.getInt(column);
                if (result.wasNull()) {
                    appender.appendNull();
                } else {
                    appender.append(value);
                }
            }
            case Types.BOOLEAN -> {
                boolean value = result.getBoolean(column);
                if (result.wasNull()) {
                    appender.appendNull();
                } else {
                    appender.append(value);
                }
            }
            default -> {
                String value = result.getString(column);
                if (value == null) {
                    appender.appendNull();
                } else {
                    appender.append(value);
                }
            }
        }
    }

    private static String duckType(int type) {
        return switch (type) {
            case Types.BIGINT -> "BIGINT";
            case Types.INTEGER -> "INTEGER";
            case Types.BOOLEAN -> "BOOLEAN";
            case Types.DOUBLE -> "DOUBLE";
            default -> "VARCHAR";
        };
    }

    private DuckDbQueryRun() {
    }
}
