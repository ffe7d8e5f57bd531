package org.profq.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

/**
 * The DuckDB side of the export benchmark, in its own JVM: loads tables of a profq export (its
 * Parquet files) into a DuckDB database file, untimed, then times DuckDB's own
 * {@code COPY <table> TO '<file>.parquet'} with the options profq export uses (ZSTD, row groups of
 * 2^20 rows): the writer alone, with the rows already in DuckDB, the bound on what an export that
 * streams them out of profq can reach.
 *
 * <p>{@code DuckDbCopyRun <export dir> <table,...> <work dir> <memory limit>}; prints
 * {@code copy <ms> <rows> <parquet bytes> <CPU ms>}.
 */
public final class DuckDbCopyRun {
    public static void main(String[] args) throws Exception {
        Path export = Path.of(args[0]);
        String[] tables = args[1].split(",");
        Path work = Files.createDirectories(Path.of(args[2]));
        Path database = work.resolve("copy.duckdb");
        Files.deleteIfExists(database);
        Files.deleteIfExists(Path.of(database + ".wal"));
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + database);
             Statement statement = duck.createStatement()) {
            statement.execute("SET memory_limit = '" + args[3] + "'");
            for (String table : tables) {
                statement.execute("CREATE TABLE " + table + " AS SELECT * EXCLUDE (recording) FROM read_parquet('"
                        + export.resolve(table) + "/*/*.parquet', hive_partitioning = true)");
            }
            statement.execute("CHECKPOINT");
            long rows = 0;
            long bytes = 0;
            long start = System.nanoTime();
            long cpuStart = processCpuNanos();
            for (String table : tables) {
                Path file = work.resolve(table + ".parquet");
                statement.execute("COPY " + table + " TO '" + file + "' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 1048576)");
            }
            long nanos = System.nanoTime() - start;
            long cpuNanos = processCpuNanos() - cpuStart;
            for (String table : tables) {
                rows += count(statement, table);
                bytes += Files.size(work.resolve(table + ".parquet"));
            }
            System.out.printf("copy %.0f %d %d %.0f%n", nanos / 1e6, rows, bytes, cpuNanos / 1e6);
        } finally {
            try (Stream<Path> files = Files.list(work)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /** This JVM's CPU time, all threads (DuckDB's native ones included): the COPY's work, whatever else the machine runs. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long count(Statement statement, String table) throws SQLException {
        try (ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
            count.next();
            return count.getLong(1);
        }
    }

    private DuckDbCopyRun() {
    }
}
