package org.profq.cli.export;

import static org.profq.cli.export.ProtoMessages.message;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import com.google.protobuf.CodedOutputStream;

/**
 * A recording's profile as a pprof file (gzipped {@code profile.proto} of google/pprof): a sample
 * per calling context ({@link CallingContexts}), its stack leaf first, with five values: calls,
 * self time, self CPU time, and the objects and bytes allocated in that context's own code.
 */
public final class PprofExport {
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

    private final Map<String, Integer> strings = new LinkedHashMap<>();
    /** Function (and location) id by signature. */
    private final Map<String, Integer> functions = new LinkedHashMap<>();
    private final CallingContexts contexts;

    private PprofExport(CallingContexts contexts) {
        this.contexts = contexts;
        string("");
    }

    /** Writes the default schema's profile to {@code out}; returns how many calling contexts it has. */
    public static int write(Connection connection, OutputStream out) throws SQLException, IOException {
        PprofExport export = new PprofExport(CallingContexts.of(connection));
        long durationNanos = RunFacts.of(connection).durationNanos();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            export.writeProfile(gzip, durationNanos);
        }
        return export.contexts.size();
    }

    private void writeProfile(OutputStream out, long durationNanos) throws IOException {
        CodedOutputStream profile = CodedOutputStream.newInstance(out);
        for (List<String> type : CallingContexts.VALUE_TYPES) {
            profile.writeByteArray(SAMPLE_TYPE, message(valueType -> {
                valueType.writeInt64(VALUE_TYPE, string(type.get(0)));
                valueType.writeInt64(VALUE_UNIT, string(type.get(1)));
            }));
        }
        for (Map.Entry<String, long[]> context : contexts.values().entrySet()) {
            List<Integer> leafFirst = CallingContexts.leafFirst(context.getKey()).stream().map(this::function).toList();
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
        profile.writeInt64(DEFAULT_SAMPLE_TYPE, string(CallingContexts.VALUE_TYPES.get(CallingContexts.DEFAULT_VALUE).get(0)));
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
