package org.profq.bench;

import java.lang.reflect.Method;
import java.util.List;

/**
 * Spark SQL's side of the export check, in a JVM whose class path holds spark-sql (resolved when
 * the check runs; the bench is not compiled against Spark, hence reflection): a local session,
 * the export's tables as views over their Parquet directories (Spark finds the recording column
 * in the paths), and {@link HeapAcrossRecordings#OVER_EXPORT}. {@code SparkHeapQuery <export dir>};
 * prints one line per method, then {@code # seconds <query time>}.
 */
public final class SparkHeapQuery {
    public static void main(String[] args) throws Exception {
        Class<?> sessionClass = Class.forName("org.apache.spark.sql.SparkSession");
        Object builder = sessionClass.getMethod("builder").invoke(null);
        Class<?> builderClass = builder.getClass();
        builder = builderClass.getMethod("master", String.class).invoke(builder, "local[2]");
        builder = builderClass.getMethod("appName", String.class).invoke(builder, "profq export check");
        Method config = builderClass.getMethod("config", String.class, String.class);
        builder = config.invoke(builder, "spark.ui.enabled", "false");
        builder = config.invoke(builder, "spark.sql.shuffle.partitions", "4");
        // the recording ids stay strings whatever they look like
        builder = config.invoke(builder, "spark.sql.sources.partitionColumnTypeInference.enabled", "false");
        Object session = builderClass.getMethod("getOrCreate").invoke(builder);
        Method sql = sessionClass.getMethod("sql", String.class);
        try {
            long start = System.nanoTime();
            for (String table : List.of("allocations", "sites", "methods")) {
                sql.invoke(session, "CREATE TEMPORARY VIEW " + table + " USING parquet OPTIONS (path '" + args[0] + "/" + table + "')");
            }
            Object result = sql.invoke(session, HeapAcrossRecordings.OVER_EXPORT);
            List<?> rows = (List<?>) result.getClass().getMethod("collectAsList").invoke(result);
            double seconds = (System.nanoTime() - start) / 1e9;
            for (Object row : rows) {
                Method get = row.getClass().getMethod("get", int.class);
                System.out.println(HeapAcrossRecordings.line(get.invoke(row, 0), get.invoke(row, 1), get.invoke(row, 2)));
            }
            System.out.printf("# seconds %.2f%n", seconds);
        } finally {
            sessionClass.getMethod("stop").invoke(session);
        }
    }

    private SparkHeapQuery() {
    }
}
