package org.profq.engine.jdbc;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
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
 * connection's default. Connection properties may follow, each after a semicolon, as other
 * drivers take them: {@code jdbc:profq:<dir>;lang=profq;formatting=raw}; one given both in the
 * URL and in the driver's {@code Properties} takes the URL's value.
 */
public record ConnectString(Map<String, Path> recordings, Map<String, String> properties) {
    public static final String PREFIX = "jdbc:profq:";
    /** The schema name of a recording opened without one. */
    public static final String DEFAULT_SCHEMA = "recording";

    private static final Pattern NAMED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");
    /** A semicolon that begins a property: {@code ;name=}, so that a directory may still hold a lone {@code ;}. */
    private static final Pattern PROPERTY_START = Pattern.compile(";(?=\\s*[A-Za-z_][A-Za-z0-9_.]*\\s*=)");

    public ConnectString {
        recordings = Collections.unmodifiableMap(new LinkedHashMap<>(recordings));
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /** {@code given} with the URL's properties added, the URL's winning where both name one. */
    public Properties withProperties(Properties given) {
        Properties merged = new Properties();
        if (given != null) {
            merged.putAll(given);
        }
        merged.putAll(properties);
        return merged;
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
        return new ConnectString(schemasOf(recordings.get(DEFAULT_SCHEMA)), properties);
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
        String[] parts = PROPERTY_START.split(url.substring(PREFIX.length()), -1);
        String rest = parts[0].trim();
        Map<String, String> properties = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int equals = parts[i].indexOf('=');
            String name = parts[i].substring(0, equals).trim();
            if (properties.put(name, parts[i].substring(equals + 1).trim()) != null) {
                throw new SQLException("the connection property '" + name + "' appears twice in " + url, "08001");
            }
        }
        if (rest.isEmpty()) {
            throw new SQLException("the URL names no recording; use jdbc:profq:<recording dir> or jdbc:profq:a=<dir>,b=<dir>", "08001");
        }
        Map<String, Path> recordings = new LinkedHashMap<>();
        if (!NAMED.matcher(rest).matches()) {
            recordings.put(DEFAULT_SCHEMA, Path.of(rest));
            return new ConnectString(recordings, properties);
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
        return new ConnectString(recordings, properties);
    }
}
