package org.profq.engine.jdbc;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.profq.recording.RecordingGroup;

/**
 * A parsed {@code jdbc:profq:} URL: which recordings to open, under which schema names.
 * {@code jdbc:profq:<dir>} opens one recording as the schema {@code recording}, and when
 * several JVMs of a program recorded into {@code <dir>} ({@link RecordingGroup}), each later
 * JVM as the schema named like its directory: {@code jvm2}, {@code jvm3}, ... in start order
 * (see {@link #withLaterJvms}). {@code jdbc:profq:a=<dir1>,b=<dir2>} opens several recordings,
 * as schemas {@code a} and {@code b}, each its first JVM only; another JVM of a group is
 * named by its own directory, {@code b=<dir>/jvms/jvm2.profq}. The first schema is the
 * connection's default.
 */
public record ConnectString(Map<String, Path> recordings) {
    public static final String PREFIX = "jdbc:profq:";
    /** The schema name of a recording opened without one. */
    public static final String DEFAULT_SCHEMA = "recording";

    private static final Pattern NAMED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

    public ConnectString {
        recordings = Collections.unmodifiableMap(new LinkedHashMap<>(recordings));
    }

    /**
     * The URL's recordings with, for {@code jdbc:profq:<dir>}, every later JVM recorded into
     * {@code <dir>} added as a schema. Named by number rather than pid, because numbers are
     * short, say which JVM came first, and stay the same when the group is opened again.
     */
    public ConnectString withLaterJvms() {
        if (recordings.size() != 1 || !recordings.containsKey(DEFAULT_SCHEMA)) {
            return this;
        }
        return new ConnectString(schemasOf(recordings.get(DEFAULT_SCHEMA)));
    }

    /** Every JVM recorded into {@code directory} by schema name: {@code recording} for the first, then {@code jvm2}, ... */
    public static Map<String, Path> schemasOf(Path directory) {
        Map<String, Path> schemas = new LinkedHashMap<>();
        for (RecordingGroup.Jvm jvm : RecordingGroup.jvms(directory)) {
            schemas.put(jvm.number() == 1 ? DEFAULT_SCHEMA : jvm.name(), jvm.directory());
        }
        return schemas;
    }

    public static boolean accepts(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    public static ConnectString parse(String url) throws SQLException {
        String rest = url.substring(PREFIX.length()).trim();
        if (rest.isEmpty()) {
            throw new SQLException("the URL names no recording; use jdbc:profq:<recording dir> or jdbc:profq:a=<dir>,b=<dir>", "08001");
        }
        Map<String, Path> recordings = new LinkedHashMap<>();
        if (!NAMED.matcher(rest).matches()) {
            recordings.put(DEFAULT_SCHEMA, Path.of(rest));
            return new ConnectString(recordings);
        }
        for (String part : rest.split(",")) {
            int equals = part.indexOf('=');
            String name = equals < 0 ? "" : part.substring(0, equals).trim();
            String directory = equals < 0 ? "" : part.substring(equals + 1).trim();
            if (name.isEmpty() || directory.isEmpty() || !NAMED.matcher(part.trim()).matches()) {
                throw new SQLException("'" + part + "' in " + url + " is not name=<recording dir>", "08001");
            }
            if (recordings.put(name, Path.of(directory)) != null) {
                throw new SQLException("the schema name '" + name + "' appears twice in " + url, "08001");
            }
        }
        return new ConnectString(recordings);
    }
}
