package org.profq.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * DuckDB's side of the export check: the export's tables as views over their Parquet files
 * (hive_partitioning gives the recording column), and {@link HeapAcrossRecordings#OVER_EXPORT}.
 * {@code DuckDbHeapQuery <export dir>}; prints one line per method, then {@code # seconds <query time>}.
 */
public final class DuckDbHeapQuery {
    public static void main(String[] args) throws Exception {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:"); Statement statement = duck.createStatement()) {
            long start = System.nanoTime();
            for (String table : List.of("allocations", "sites", "methods")) {
                statement.execute("CREATE VIEW " + table + " AS SELECT * FROM read_parquet('" + args[0] + "/" + table
                        + "/*/*.parquet', hive_partitioning = true)");
            }
            StringBuilder out = new StringBuilder();
            try (ResultSet rows = statement.executeQuery(HeapAcrossRecordings.OVER_EXPORT)) {
                while (rows.next()) {
                    out.append(HeapAcrossRecordings.line(rows.getString(1), rows.getLong(2), rows.getLong(3))).append('\n');
                }
            }
            System.out.print(out);
            System.out.printf("# seconds %.2f%n", (System.nanoTime() - start) / 1e9);
        }
    }

    private DuckDbHeapQuery() {
    }
}
