package org.profq.cli.export;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A recording's profile by calling context, for the formats that hold profiles (pprof, OTLP):
 * per context (the signatures from the outermost call, joined by ';') five values: calls, self
 * time and self CPU time (compensated, as {@code call_tree} gives them), and the objects and bytes
 * allocated in that context's own code. Allocations outside any recorded call are a context of
 * their own, a function named {@value #OUTSIDE_CALLS}.
 */
public final class CallingContexts {
    static final String OUTSIDE_CALLS = "(outside recorded calls)";
    /** Each value's type and unit, in the order of a context's values (pprof's names). */
    static final List<List<String>> VALUE_TYPES = List.of(List.of("calls", "count"), List.of("wall", "nanoseconds"),
            List.of("cpu", "nanoseconds"), List.of("alloc_objects", "count"), List.of("alloc_space", "bytes"));
    /** The value a viewer shows first: self wall time. */
    static final int DEFAULT_VALUE = 1;

    private final Map<String, long[]> values;

    private CallingContexts(Map<String, long[]> values) {
        this.values = values;
    }

    /** The default schema's calling contexts. */
    static CallingContexts of(Connection connection) throws SQLException {
        Map<String, long[]> values = new LinkedHashMap<>();
        try (Statement statement = connection.createStatement()) {
            try (ResultSet tree = statement.executeQuery("SELECT path, calls, self_ns, self_cpu_ns FROM call_tree")) {
                while (tree.next()) {
                    long[] context = values.computeIfAbsent(tree.getString(1), key -> new long[VALUE_TYPES.size()]);
                    context[0] += tree.getLong(2);
                    context[1] += tree.getLong(3);
                    context[2] += tree.getLong(4);
                }
            }
            try (ResultSet allocations = statement.executeQuery("SELECT c.stack, COUNT(*), SUM(a.size_bytes) FROM allocations a"
                    + " LEFT JOIN calls c ON c.call_id = a.call_id GROUP BY c.stack")) {
                while (allocations.next()) {
                    String stack = allocations.getString(1);
                    long[] context = values.computeIfAbsent(stack == null ? OUTSIDE_CALLS : stack, key -> new long[VALUE_TYPES.size()]);
                    context[3] += allocations.getLong(2);
                    context[4] += allocations.getLong(3);
                }
            }
        }
        return new CallingContexts(values);
    }

    /** Values by context: a context's values are in the order of {@link #VALUE_TYPES}. */
    Map<String, long[]> values() {
        return Collections.unmodifiableMap(values);
    }

    /** A context's signatures, its leaf (innermost call) first. */
    static List<String> leafFirst(String context) {
        List<String> signatures = new java.util.ArrayList<>(List.of(context.split(";")));
        Collections.reverse(signatures);
        return signatures;
    }

    int size() {
        return values.size();
    }
}
