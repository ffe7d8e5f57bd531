package org.profq.cli.export;

import static org.profq.cli.export.ProtoMessages.message;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import com.google.protobuf.CodedOutputStream;

/**
 * A recording's profile as a pprof file (gzipped {@code profile.proto} of google/pprof): a sample
 * per calling context, its stack leaf first, with five values: calls, self time and self CPU time
 * (compensated, as {@code call_tree} gives them), and the objects and bytes allocated in that
 * context's own code. Allocations outside any recorded call are a sample of their own, under a
 * function named {@value #OUTSIDE_CALLS}.
 */
public final class PprofExport {
    static final String OUTSIDE_CALLS = "(outside recorded calls)";
    // Field numbers of profile.proto.
    private static final int SAMPLE_TYPE = 1;
    private static final int SAMPLE = 2;
    private static final int LOCATION = 4;
    private static final int FUNCTION = 5;
    private static final int STRING_TABLE = 6;
    private static final int DURATION_NANOS = 10;
    private static final int DEFAULT_SAMPLE_TYPE = 14;
    private static final int VALUE_TYPE = 1;
    private static final int VALUE_UNIT = 2;
    private static final int SAMPLE_LOCATION_ID = 1;
    private static final int SAMPLE_VALUE = 2;
    private static final int LOCATION_ID = 1;
    private static final int LOCATION_LINE = 4;
    private static final int LINE_FUNCTION_ID = 1;
    private static final int FUNCTION_ID = 1;
    private static final int FUNCTION_NAME = 2;
    private static final int FUNCTION_SYSTEM_NAME = 3;
    /** The sample types, in the order of each sample's values. */
    private static final String[][] SAMPLE_TYPES = {
        {"calls", "count"}, {"wall", "nanoseconds"}, {"cpu", "nanoseconds"}, {"alloc_objects", "count"}, {"alloc_space", "bytes"}};

    private final Map<String, Integer> strings = new LinkedHashMap<>();
    /** Function (and location) id by signature. */
    private final Map<String, Integer> functions = new LinkedHashMap<>();
    /** Values by calling context (the signatures from the outermost call, joined by ';'). */
    private final Map<String, long[]> contexts = new LinkedHashMap<>();

    private PprofExport() {
        string("");
    }

    /** Writes the default schema's profile to {@code out}; returns how many calling contexts it has. */
    public static int write(Connection connection, OutputStream out) throws SQLException, IOException {
        PprofExport export = new PprofExport();
        long durationNanos;
        try (Statement statement = connection.createStatement()) {
            try (ResultSet tree = statement.executeQuery("SELECT path, calls, self_ns, self_cpu_ns FROM call_tree")) {
                while (tree.next()) {
                    long[] values = export.context(tree.getString(1));
                    values[0] += tree.getLong(2);
                    values[1] += tree.getLong(3);
                    values[2] += tree.getLong(4);
                }
            }
            try (ResultSet allocations = statement.executeQuery("SELECT c.stack, COUNT(*), SUM(a.size_bytes) FROM allocations a"
                    + " LEFT JOIN calls c ON c.call_id = a.call_id GROUP BY c.stack")) {
                while (allocations.next()) {
                    String stack = allocations.getString(1);
                    long[] values = export.context(stack == null ? OUTSIDE_CALLS : stack);
                    values[3] += allocations.getLong(2);
                    values[4] += allocations.getLong(3);
                }
            }
            try (ResultSet run = statement.executeQuery("SELECT duration_ns FROM run")) {
                durationNanos = run.next() ? run.getLong(1) : 0;
            }
        }
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            export.writeProfile(gzip, durationNanos);
        }
        return export.contexts.size();
    }

    private long[] context(String path) {
        return contexts.computeIfAbsent(path, key -> new long[SAMPLE_TYPES.length]);
    }

    private void writeProfile(OutputStream out, long durationNanos) throws IOException {
        CodedOutputStream profile = CodedOutputStream.newInstance(out);
        for (String[] type : SAMPLE_TYPES) {
            profile.writeByteArray(SAMPLE_TYPE, message(valueType -> {
                valueType.writeInt64(VALUE_TYPE, string(type[0]));
                valueType.writeInt64(VALUE_UNIT, string(type[1]));
            }));
        }
        for (Map.Entry<String, long[]> context : contexts.entrySet()) {
            List<Integer> leafFirst = new ArrayList<>();
            for (String signature : context.getKey().split(";")) {
                leafFirst.add(0, function(signature));
            }
            profile.writeByteArray(SAMPLE, message(sample -> {
                for (int location : leafFirst) {
                    sample.writeUInt64(SAMPLE_LOCATION_ID, location);
                }
                for (long value : context.getValue()) {
                    sample.writeInt64(SAMPLE_VALUE, value);
                }
            }));
        }
        for (Map.Entry<String, Integer> function : functions.entrySet()) {
            int id = function.getValue();
            profile.writeByteArray(LOCATION, message(location -> {
                location.writeUInt64(LOCATION_ID, id);
                location.writeByteArray(LOCATION_LINE, message(line -> line.writeUInt64(LINE_FUNCTION_ID, id)));
            }));
            profile.writeByteArray(FUNCTION, message(named -> {
                named.writeUInt64(FUNCTION_ID, id);
                named.writeInt64(FUNCTION_NAME, string(function.getKey()));
                named.writeInt64(FUNCTION_SYSTEM_NAME, string(function.getKey()));
            }));
        }
        profile.writeInt64(DURATION_NANOS, durationNanos);
        profile.writeInt64(DEFAULT_SAMPLE_TYPE, string(SAMPLE_TYPES[1][0]));
        for (String text : strings.keySet()) { // last: every string is in it by now
            profile.writeString(STRING_TABLE, text);
        }
        profile.flush();
    }

    private int function(String signature) {
        return functions.computeIfAbsent(signature, key -> functions.size() + 1);
    }

    private int string(String text) {
        return strings.computeIfAbsent(text, key -> strings.size());
    }
}
