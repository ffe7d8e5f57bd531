package org.profq.bench.real;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Runs in its own JVM with the query engine on the class path (bench/target/query-lib): prints
 * what a recording says of the methods of one class, and the calibration its compensation used,
 * as tab-separated lines the harness reads:
 * <pre>
 * calibration	call_cost_ns	call_cost_inside_ns	allocation_cost_ns	clock
 * method	name	calls	inclusive_ns	raw_inclusive_ns	cpu_ns
 * </pre>
 * The figures are {@code time_by_method}'s and {@code run}'s own columns, what a user's
 * {@code SELECT} shows.
 */
public final class PhaseTimesDump {
    static final String CALIBRATION = "SELECT call_cost_ns, call_cost_inside_ns, allocation_cost_ns, clock FROM run";
    static final String METHODS = "SELECT m.name, t.calls, t.inclusive_ns, t.raw_inclusive_ns, t.cpu_ns FROM time_by_method t "
            + "JOIN methods m ON m.method_id = t.method_id JOIN classes c ON c.class_id = m.class_id WHERE c.name = ?";

    public static void main(String[] args) throws Exception {
        String recording = args[0];
        String className = args[1];
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording)) {
            try (Statement statement = connection.createStatement(); ResultSet run = statement.executeQuery(CALIBRATION)) {
                run.next();
                System.out.println("calibration\t" + run.getDouble(1) + "\t" + run.getDouble(2) + "\t" + run.getDouble(3)
                        + "\t" + run.getString(4));
            }
            try (PreparedStatement statement = connection.prepareStatement(METHODS)) {
                statement.setString(1, className);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        System.out.println("method\t" + rows.getString(1) + "\t" + rows.getLong(2) + "\t" + rows.getLong(3)
                                + "\t" + rows.getLong(4) + "\t" + rows.getLong(5));
                    }
                }
            }
        }
    }

    private PhaseTimesDump() {
    }
}
