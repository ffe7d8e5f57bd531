package org.profq.engine.jdbc;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A parsed {@code jdbc:profq:} URL: which recordings to open, under which schema names.
 * {@code jdbc:profq:<dir>} opens one recording as the schema {@code recording};
 * {@code jdbc:profq:a=<dir1>,b=<dir2>} opens several, as schemas {@code a} and {@code b}.
 * The first schema is the connection's default.
 */
public record ConnectString(Map<String, Path> recordings) {
    public static final String PREFIX = "jdbc:profq:";
    /** The schema name of a recording opened without one. */
    public static final String DEFAULT_SCHEMA = "recording";

    private static final Pattern NAMED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

    public ConnectString {
        recordings = Collections.unmodifiableMap(new LinkedHashMap<>(recordings));
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
