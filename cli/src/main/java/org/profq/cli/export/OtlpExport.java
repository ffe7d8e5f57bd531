package org.profq.cli.export;

import static org.profq.cli.export.ProtoMessages.message;

import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.protobuf.CodedOutputStream;

/**
 * A recording's profile in OpenTelemetry's profiles data model (OTLP 1.10 and later,
 * {@code opentelemetry/proto/profiles/v1development}): an {@code ExportProfilesServiceRequest},
 * whose bytes are also a {@code ProfilesData}, with one resource (the program: service name, pid,
 * JVM), one scope (profq), and a profile per value of {@link CallingContexts}: calls, self wall
 * time, self CPU time, allocated objects and bytes. A sample is a calling context with a non-zero
 * value; its stack, leaf first, its locations and functions, and every string are in the request's
 * one dictionary, whose tables begin with their zero values as the data model requires.
 *
 * <p>The messages are written field by field (the field numbers below are those of the 1.11.0
 * protos): the published generated classes need protobuf-java 4, and profq's protobuf runtime is
 * the 3.25 line that Avatica's generated classes need.
 */
public final class OtlpExport {
    // ExportProfilesServiceRequest / ProfilesData
    private static final int RESOURCE_PROFILES = 1;
    private static final int DICTIONARY = 2;
    // ProfilesDictionary
    private static final int MAPPING_TABLE = 1;
    private static final int LOCATION_TABLE = 2;
    private static final int FUNCTION_TABLE = 3;
    private static final int LINK_TABLE = 4;
    private static final int STRING_TABLE = 5;
    private static final int ATTRIBUTE_TABLE = 6;
    private static final int STACK_TABLE = 7;
    // ResourceProfiles, Resource, KeyValue, AnyValue
    private static final int RESOURCE = 1;
    private static final int SCOPE_PROFILES = 2;
    private static final int RESOURCE_ATTRIBUTES = 1;
    private static final int KEY = 1;
    private static final int VALUE = 2;
    private static final int STRING_VALUE = 1;
    private static final int INT_VALUE = 3;
    // ScopeProfiles, InstrumentationScope
    private static final int SCOPE = 1;
    private static final int PROFILES = 2;
    private static final int SCOPE_NAME = 1;
    // Profile
    private static final int SAMPLE_TYPE = 1;
    private static final int SAMPLES = 2;
    private static final int TIME_UNIX_NANO = 3;
    private static final int DURATION_NANO = 4;
    // ValueType
    private static final int TYPE_STRINDEX = 1;
    private static final int UNIT_STRINDEX = 2;
    // Sample
    private static final int STACK_INDEX = 1;
    private static final int VALUES = 4;
    // Stack, Location, Line, Function
    private static final int LOCATION_INDICES = 1;
    private static final int LINES = 3;
    private static final int FUNCTION_INDEX = 1;
    private static final int NAME_STRINDEX = 1;
    private static final int SYSTEM_NAME_STRINDEX = 2;

    /** Each table's entries by value; index 0 is the zero value, written as an empty message (or ""). */
    private final Map<String, Integer> strings = new LinkedHashMap<>();
    private final Map<String, Integer> functions = new LinkedHashMap<>();
    private final Map<List<Integer>, Integer> stacks = new LinkedHashMap<>();
    private final CallingContexts contexts;

    private OtlpExport(CallingContexts contexts) {
        this.contexts = contexts;
        string("");
        functions.put("", 0);
        stacks.put(List.of(), 0);
    }

    /** Writes the default schema's profiles to {@code out}; returns how many calling contexts they have. */
    public static int write(Connection connection, OutputStream out) throws SQLException, IOException {
        OtlpExport export = new OtlpExport(CallingContexts.of(connection));
        export.writeRequest(out, RunFacts.of(connection));
        return export.contexts.size();
    }

    private void writeRequest(OutputStream out, RunFacts run) throws IOException {
        // The stack of each context first, so that the dictionary written after the profiles is whole.
        Map<String, Integer> stackOf = new LinkedHashMap<>();
        for (String context : contexts.values().keySet()) {
            stackOf.put(context, stack(CallingContexts.leafFirst(context).stream().map(this::function).toList()));
        }
        CodedOutputStream request = CodedOutputStream.newInstance(out);
        request.writeByteArray(RESOURCE_PROFILES, message(resourceProfiles -> {
            resourceProfiles.writeByteArray(RESOURCE, message(resource -> {
                resource.writeByteArray(RESOURCE_ATTRIBUTES, attribute("service.name", run.mainClass()));
                resource.writeByteArray(RESOURCE_ATTRIBUTES, message(pid -> {
                    pid.writeString(KEY, "process.pid");
                    pid.writeByteArray(VALUE, message(value -> value.writeInt64(INT_VALUE, run.pid())));
                }));
                resource.writeByteArray(RESOURCE_ATTRIBUTES, attribute("process.runtime.description", run.jvm()));
            }));
            resourceProfiles.writeByteArray(SCOPE_PROFILES, message(scopeProfiles -> {
                scopeProfiles.writeByteArray(SCOPE, message(scope -> scope.writeString(SCOPE_NAME, "profq")));
                for (int value = 0; value < CallingContexts.VALUE_TYPES.size(); value++) {
                    scopeProfiles.writeByteArray(PROFILES, profile(value, stackOf, run));
                }
            }));
        }));
        request.writeByteArray(DICTIONARY, dictionary());
        request.flush();
    }

    /** The profile of the {@code value}th value: a sample per context where it is not zero. */
    private byte[] profile(int value, Map<String, Integer> stackOf, RunFacts run) throws IOException {
        List<String> type = CallingContexts.VALUE_TYPES.get(value);
        int typeIndex = string(type.get(0));
        int unitIndex = string(type.get(1));
        return message(profile -> {
            profile.writeByteArray(SAMPLE_TYPE, message(valueType -> {
                valueType.writeInt32(TYPE_STRINDEX, typeIndex);
                valueType.writeInt32(UNIT_STRINDEX, unitIndex);
            }));
            for (Map.Entry<String, long[]> context : contexts.values().entrySet()) {
                long measured = context.getValue()[value];
                if (measured != 0) {
                    profile.writeByteArray(SAMPLES, message(sample -> {
                        sample.writeInt32(STACK_INDEX, stackOf.get(context.getKey()));
                        sample.writeInt64(VALUES, measured);
                    }));
                }
            }
            profile.writeFixed64(TIME_UNIX_NANO, run.startedEpochNanos());
            profile.writeUInt64(DURATION_NANO, run.durationNanos());
        });
    }

    /** The dictionary; a function's location has that function's index, so the two tables are written together. */
    private byte[] dictionary() throws IOException {
        return message(dictionary -> {
            dictionary.writeByteArray(MAPPING_TABLE, new byte[0]);
            for (Map.Entry<String, Integer> function : functions.entrySet()) {
                int index = function.getValue();
                dictionary.writeByteArray(LOCATION_TABLE, index == 0 ? new byte[0]
                        : message(location -> location.writeByteArray(LINES, message(line -> line.writeInt32(FUNCTION_INDEX, index)))));
            }
            for (Map.Entry<String, Integer> function : functions.entrySet()) {
                int name = function.getValue() == 0 ? 0 : string(function.getKey());
                dictionary.writeByteArray(FUNCTION_TABLE, name == 0 ? new byte[0] : message(named -> {
                    named.writeInt32(NAME_STRINDEX, name);
                    named.writeInt32(SYSTEM_NAME_STRINDEX, name);
                }));
            }
            dictionary.writeByteArray(LINK_TABLE, new byte[0]);
            dictionary.writeByteArray(ATTRIBUTE_TABLE, new byte[0]);
            for (List<Integer> stack : stacks.keySet()) {
                dictionary.writeByteArray(STACK_TABLE, message(locations -> {
                    for (int location : stack) {
                        locations.writeInt32(LOCATION_INDICES, location);
                    }
                }));
            }
            for (String text : new ArrayList<>(strings.keySet())) { // last: every string is in it by now
                dictionary.writeString(STRING_TABLE, text);
            }
        });
    }

    private static byte[] attribute(String key, String text) throws IOException {
        return message(attribute -> {
            attribute.writeString(KEY, key);
            attribute.writeByteArray(VALUE, message(value -> value.writeString(STRING_VALUE, text == null ? "" : text)));
        });
    }

    private int function(String signature) {
        return functions.computeIfAbsent(signature, key -> functions.size());
    }

    private int stack(List<Integer> locations) {
        return stacks.computeIfAbsent(locations, key -> stacks.size());
    }

    private int string(String text) {
        return strings.computeIfAbsent(text, key -> strings.size());
    }
}
