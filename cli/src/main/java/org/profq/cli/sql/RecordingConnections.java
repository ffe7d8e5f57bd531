package org.profq.cli.sql;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;


/**
 * The recordings named on a command line, opened as one JDBC connection: one recording is
 * the default schema ({@code jdbc:profq:<dir>}); {@code a=<dir> b=<dir>} opens several, each
 * as a schema of that name ({@code jdbc:profq:a=<dir>,b=<dir>}), the first one the default.
 */
public final class RecordingConnections {
    private static final Pattern NAMED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.+");

    /** The JDBC URL for {@code words}; an IllegalArgumentException (a usage error) if they do not name recordings. */
    public static String url(List<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("name a recording directory, e.g. profq sql Main.profq.");
        }
        if (words.size() == 1 && !NAMED.matcher(words.get(0)).matches()) {
            return "jdbc:profq:" + existing(words.get(0));
        }
        Map<String, String> named = new LinkedHashMap<>();
        for (String word : words) {
            if (!NAMED.matcher(word).matches()) {
                throw new IllegalArgumentException("'" + word + "' is not name=<recording>; to open several recordings"
                        + " give each a schema name, e.g. a=Main.profq b=Main-2.profq.");
            }
            int equals = word.indexOf('=');
            String name = word.substring(0, equals);
            if (named.put(name, existing(word.substring(equals + 1))) != null) {
                throw new IllegalArgumentException("the schema name '" + name + "' appears twice; give each recording its own name.");
            }
        }
        List<String> parts = new ArrayList<>();
        named.forEach((name, directory) -> parts.add(name + "=" + directory));
        return "jdbc:profq:" + String.join(",", parts);
    }

    private static String existing(String directory) {
        Path path = Path.of(directory);
        if (!Files.isDirectory(path)) {
            throw new IllegalArgumentException("there is no recording at " + directory
                    + "; give the path of a <name>.profq directory that profq record wrote.");
        }
        if (directory.contains(",")) {
            throw new IllegalArgumentException("the recording path " + directory + " contains a comma; rename or link it.");
        }
        return directory;
    }

    private RecordingConnections() {
    }
}
