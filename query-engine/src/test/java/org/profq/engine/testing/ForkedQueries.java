package org.profq.engine.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.profq.recorder.Jdk;

/**
 * Runs queries over one recording in a JVM of its own and prints each one's rows, one line per
 * row with values joined by {@code |}, then the connection's warnings, one line each as
 * {@code warning: <message>}: the program tests fork when the query side must run apart (with a
 * small heap, or a cache directory of its own). {@code ForkedQueries <recording> <query>...}
 */
public final class ForkedQueries {

    public static void main(String[] args) throws SQLException {
        try (Connection connection = Rows.connect(args[0])) {
            for (int i = 1; i < args.length; i++) {
                for (List<Object> row : Rows.query(connection, args[i])) {
                    System.out.println(row.stream().map(String::valueOf).collect(Collectors.joining("|")));
                }
            }
            for (SQLWarning warning = connection.getWarnings(); warning != null; warning = warning.getNextWarning()) {
                System.out.println("warning: " + warning.getMessage());
            }
        }
    }

    /**
     * Runs {@code queries} over {@code recording} in a new JVM with {@code jvmOptions} and
     * {@code environment} added; gives what it printed, stdout and stderr together, once it
     * ended with exit code 0.
     */
    public static String run(List<String> jvmOptions, Map<String, String> environment, Path recording, List<String> queries)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Jdk.current().java().toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ForkedQueries.class.getName(), recording.toString()));
        command.addAll(queries);
        Path output = Files.createTempFile("forked-queries", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        assertTrue(process.waitFor(20, TimeUnit.MINUTES), "the queries ended");
        String printed = Files.readString(output);
        Files.delete(output);
        assertEquals(0, process.exitValue(), printed);
        return printed;
    }

    private ForkedQueries() {
    }
}
