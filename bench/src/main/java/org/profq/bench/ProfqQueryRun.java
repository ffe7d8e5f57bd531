package org.profq.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Arrays;

/**
 * One forked JVM of the query-speed benchmark on the profq side: opens the recording with the
 * {@code jdbc:profq:} driver and times one profile view, first cold (the connection and the
 * first query, which builds the index when there is none) and then warm.
 *
 * <p>{@code ProfqQueryRun <recording> <view> <warm runs> [<sql>]}; prints one line:
 * {@code view coldMillis warmMedianMillis rows}. The query is {@code SELECT * FROM <view>} unless
 * {@code sql} is given ({@code view} then only names it).
 */
public final class ProfqQueryRun {
    public static void main(String[] args) throws Exception {
        Path recording = Path.of(args[0]);
        String view = args[1];
        int warmRuns = Integer.parseInt(args[2]);
        String sql = args.length > 3 ? args[3] : "SELECT * FROM " + view;
        long start = System.nanoTime();
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording)) {
            ProfileViewQueries.Timing first = ProfileViewQueries.time(connection, sql);
            double cold = (System.nanoTime() - start) / 1e6;
            double[] warm = new double[warmRuns];
            for (int run = 0; run < warmRuns; run++) {
                warm[run] = ProfileViewQueries.time(connection, sql).millis();
            }
            System.out.printf("%s %.1f %.1f %d%n", view, cold, median(warm), first.rows());
        }
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private ProfqQueryRun() {
    }
}
