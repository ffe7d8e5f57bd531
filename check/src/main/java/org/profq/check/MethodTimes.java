package org.profq.check;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A run's self time per method (its signature), compensated for profq's overhead, as
 * {@code time_by_method} gives it: CPU time ({@code self_cpu_ns}) and wall time ({@code self_ns}).
 * Unlike the exact counts, times differ from run to run; profq check compares them only within a
 * tolerance a rule states ({@link TimeRule}), and only between two recordings, never from a
 * baseline file: a time measured on another machine, or under another load, says nothing of this one.
 */
public record MethodTimes(boolean cpuRecorded, SortedMap<String, Long> selfCpuNanos, SortedMap<String, Long> selfWallNanos) {

    /** Which time a comparison uses: CPU time when both runs read their threads' CPU times, wall time otherwise. */
    public enum Clock {
        CPU("self CPU time", "self_cpu_ns"),
        WALL("self wall time", "self_ns");

        private final String meaning;
        private final String column;

        Clock(String meaning, String column) {
            this.meaning = meaning;
            this.column = column;
        }

        /** {@code self CPU time}, for sentences. */
        public String meaning() {
            return meaning;
        }

        /** Its column in time_by_method, which names it in profq check's table. */
        public String column() {
            return column;
        }
    }

    /** The self times of the recording open on {@code connection} (profq's own frames left out). */
    public static MethodTimes read(Connection connection) throws SQLException {
        SortedMap<String, Long> cpu = new TreeMap<>();
        SortedMap<String, Long> wall = new TreeMap<>();
        boolean cpuRecorded;
        try (Statement statement = connection.createStatement()) {
            try (ResultSet rows = statement.executeQuery("SELECT cpu_period_ns FROM run")) {
                rows.next();
                cpuRecorded = rows.getLong(1) > 0; // 0: the JVM could not tell threads' CPU times, and cpu_ns is 0 throughout
            }
            try (ResultSet rows = statement.executeQuery("SELECT signature, self_cpu_ns, self_ns FROM time_by_method WHERE NOT is_profq")) {
                while (rows.next()) {
                    String method = rows.getString(1) == null ? ExactCounts.OUTSIDE_CALLS : rows.getString(1);
                    cpu.merge(method, rows.getLong(2), Long::sum);
                    wall.merge(method, rows.getLong(3), Long::sum);
                }
            }
        }
        return new MethodTimes(cpuRecorded, Collections.unmodifiableSortedMap(cpu), Collections.unmodifiableSortedMap(wall));
    }

    /** The clock two runs are compared by: CPU time if both recorded it. */
    public static Clock clock(MethodTimes baseline, MethodTimes current) {
        return baseline.cpuRecorded && current.cpuRecorded ? Clock.CPU : Clock.WALL;
    }

    /** The self times by {@code clock}. */
    public SortedMap<String, Long> of(Clock clock) {
        return clock == Clock.CPU ? selfCpuNanos : selfWallNanos;
    }
}
