package org.profq.bench.real;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import org.profq.recording.Recording;

/**
 * Runs in its own JVM with the query engine on the class path (bench/target/query-lib):
 * prints a recording's size, and with {@code profiles} its heap and self-time profiles per
 * method, as tab-separated lines the harness reads:
 * <pre>
 * events	n
 * lost	n
 * logbytes	n
 * heap	class	method	bytes      (heap_by_method)
 * self	class	method	self_ns    (time_by_method: compensated wall time)
 * selfcpu	class	method	self_cpu_ns (time_by_method: compensated CPU time)
 * </pre>
 * The profiles are the engine's own views, joined to {@code methods} and {@code classes} for
 * names, so they are exactly what a user's {@code SELECT * FROM heap_by_method} shows.
 */
public final class RecordingProfileDump {
    static final String HEAP = "SELECT c.name, m.name, h.bytes FROM heap_by_method h "
            + "JOIN methods m ON m.method_id = h.method_id JOIN classes c ON c.class_id = m.class_id";
    static final String SELF = "SELECT c.name, m.name, t.self_ns FROM time_by_method t "
            + "JOIN methods m ON m.method_id = t.method_id JOIN classes c ON c.class_id = m.class_id WHERE NOT t.is_profq";
    static final String SELF_CPU = "SELECT c.name, m.name, t.self_cpu_ns FROM time_by_method t "
            + "JOIN methods m ON m.method_id = t.method_id JOIN classes c ON c.class_id = m.class_id WHERE NOT t.is_profq";

    public static void main(String[] args) throws Exception {
        Path recording = Path.of(args[0]);
        boolean profiles = args.length > 1 && args[1].equals("profiles");
        try (Recording opened = Recording.open(recording)) {
            System.out.println("events\t" + opened.eventCount());
            System.out.println("lost\t" + opened.eventsLost());
            System.out.println("logbytes\t" + opened.logBytes());
        }
        if (!profiles) {
            return;
        }
        try (Connection connection = DriverManager.getConnection("jdbc:profq:" + recording);
             Statement statement = connection.createStatement()) {
            print(statement, "heap", HEAP);
            print(statement, "self", SELF);
            print(statement, "selfcpu", SELF_CPU);
        }
    }

    private static void print(Statement statement, String tag, String sql) throws Exception {
        try (ResultSet rows = statement.executeQuery(sql)) {
            while (rows.next()) {
                System.out.println(tag + "\t" + rows.getString(1) + "\t" + rows.getString(2) + "\t" + rows.getLong(3));
            }
        }
    }

    private RecordingProfileDump() {
    }
}
