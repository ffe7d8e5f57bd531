package org.profq.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

import org.profq.engine.jdbc.ConnectString;
import org.profq.engine.jdbc.ProfqDriver;
import org.profq.udf.UdfJars;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The recordings named on a command line, opened as one JDBC connection: one recording is
 * the default schema ({@code jdbc:profq:<dir>}); {@code a=<dir> b=<dir>} opens several, each
 * as a schema of that name ({@code jdbc:profq:a=<dir>,b=<dir>}), the first one the default.
 * Words that name no recording are a usage error; a recording that cannot be read, a failure.
 * The connection speaks the profiling language as well as SQL ({@code lang=profq}), so every
 * command that runs statements, and every report, may use it.
 */
final class RecordingConnections {
    private static final Pattern NAMED = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.+");

    private final List<String> words;
    private final String url;
    private final List<Path> functionJars;
    private final boolean rawNumbers;

    private RecordingConnections(List<String> words, String url, List<Path> functionJars, boolean rawNumbers) {
        this.words = List.copyOf(words);
        this.url = url;
        this.functionJars = List.copyOf(functionJars);
        this.rawNumbers = rawNumbers;
    }

    /** The same recordings, with the functions of these jars ({@code --udf}); a jar that gives none fails the connection. */
    RecordingConnections withFunctionJars(List<Path> jars) {
        return new RecordingConnections(words, url, jars, rawNumbers);
    }

    /** The same recordings, where fmt_bytes, fmt_ns and fmt_share give their numbers unchanged: for CSV and JSON. */
    RecordingConnections withRawNumbers(boolean raw) {
        return new RecordingConnections(words, url, functionJars, raw);
    }

    /** The recordings that {@code words} name; a usage error of {@code spec}'s command if they do not name recordings. */
    static RecordingConnections of(CommandSpec spec, List<String> words) {
        try {
            return new RecordingConnections(words, url(words), List.of(), false);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The recordings opened; a failure saying why if one cannot be read. */
    static Connection connect(CommandSpec spec, List<String> words) {
        return of(spec, words).connect();
    }

    /** The recordings opened; a failure saying why if they, or a function jar, cannot be read. */
    Connection connect() {
        RecordingConnections recordings = this;
        try {
            return recordings.open();
        } catch (SQLException e) {
            throw openFailure(e);
        }
    }

    /**
     * Opens the recordings; the REPL calls this on its query thread and reports the error with {@link #openFailure}.
     * What their indexes have to tell the user (where one is kept, when not in its recording) is a line on stderr.
     */
    Connection open() throws SQLException {
        Properties properties = ProfqDriver.withLanguage();
        properties.setProperty("notices", "stderr");
        if (!functionJars.isEmpty()) {
            properties.setProperty(UdfJars.PROPERTY, String.join(java.io.File.pathSeparator,
                    functionJars.stream().map(jar -> jar.toAbsolutePath().toString()).toList()));
        }
        if (rawNumbers) {
            properties.setProperty(ProfqDriver.FORMATTING, "raw");
        }
        return new ProfqDriver().connect(url, properties);
    }

    /** Why the recordings cannot be opened, as the one sentence of a failure. */
    static CommandFailure openFailure(SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage().strip();
        return new CommandFailure(message.endsWith(".") ? message : message + ".", e);
    }

    /** The schemas the connection has, the default first: {@code recording} (and {@code jvm2}, ... for a group), or the names given. */
    List<String> schemaNames() {
        try {
            return List.copyOf(ConnectString.parse(url).withLaterJvms().recordings().keySet());
        } catch (SQLException e) {
            throw new IllegalStateException("the URL built from " + words + " does not parse: " + url, e);
        }
    }

    /** The JDBC URL that opens the recordings ({@code jdbc:profq:...}). */
    String url() {
        return url;
    }

    /** The recordings as given on the command line. */
    @Override
    public String toString() {
        return String.join(" ", words);
    }

    /** The JDBC URL for {@code words}; an IllegalArgumentException (a usage error) if they do not name recordings. */
    private static String url(List<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("name a recording directory, e.g. profq sql Main.profq.");
        }
        if (words.size() == 1 && !NAMED.matcher(words.get(0)).matches()) {
            return ConnectString.PREFIX + existing(words.get(0));
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
        return ConnectString.PREFIX + String.join(",", parts);
    }

    private static String existing(String directory) {
        // a directory with no event log (/tmp, a project folder) is as much a usage error as no directory
        if (!Files.isDirectory(Path.of(directory)) || !Files.isDirectory(Path.of(directory, "events"))) {
            throw new IllegalArgumentException(noRecordingAt(directory));
        }
        if (directory.contains(",")) {
            throw new IllegalArgumentException("the recording path " + directory + " contains a comma; rename or link it.");
        }
        return directory;
    }

    /** The usage error for a path where there is no recording directory. */
    static String noRecordingAt(Object directory) {
        return "there is no recording at " + directory + "; give the path of a <name>.profq directory that profq record wrote.";
    }
}
