package org.profq.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.repl.Repl;
import org.profq.cli.sql.NoThreadMatched;
import org.profq.cli.sql.SqlErrors;
import org.profq.cli.sql.Statements;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq sql <recording>...}: the interactive SQL shell, or with {@code -e} / {@code -f}
 * the statements given, each result printed in the chosen format. A statement may be SQL or
 * the profiling language ({@code heap by method top 10}): {@link RecordingConnections} opens
 * the connection with {@code lang=profq}. Several recordings open
 * as schemas: {@code profq sql a=one.profq b=two.profq -e "SELECT ... FROM a.calls ..."}; the
 * JVMs of one recording that several JVMs recorded into open as {@code recording}, {@code jvm2},
 * ... (see {@link org.profq.engine.jdbc.ConnectString}).
 */
@Command(name = "sql",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Queries recordings with SQL or the profiling language: an interactive shell, or the statements given with -e or -f.",
        customSynopsis = {
                "profq sql [-e SQL | -f FILE] [--format=table|csv|json|markdown] RECORDING",
                "profq sql [-e SQL | -f FILE] [--format=...] NAME=RECORDING NAME=RECORDING..."},
        description = {
                "%nRECORDING is a directory that profq record wrote. Named recordings (a=one.profq b=two.profq)"
                        + " are schemas: a.calls, b.heap_by_method; the first is the default schema.",
                "%nWhen the program started more JVMs, each recorded into RECORDING/jvms/jvm<n>.profq: one RECORDING"
                        + " opens the first JVM as the default schema and the others as schemas jvm2, jvm3, ... in start"
                        + " order (SELECT COUNT(*) FROM jvm2.calls); profq info RECORDING lists them. A NAME=RECORDING"
                        + " opens the first JVM only; name another by its path: b=RECORDING/jvms/jvm2.profq.",
                "%nA statement that starts with a profile is the profiling language: heap by method where class = 'org.h2.*'"
                        + " top 10; time by method compare a with b (recordings opened as a=... b=...). See docs/language.md.",
                "%nWithout -e or -f, profq sql starts the interactive shell; type \\help there.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:a statement failed (the error says where)", "2:usage error"})
public final class SqlCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-e", "--execute"}, paramLabel = "SQL", description = "Run these statements (separated by ';') and exit; give -e again for more, run in order.")
    List<String> execute = new ArrayList<>();

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Run the statements in this file and exit.")
    Path file;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table (default), csv, json or markdown.")
    String format = "table";

    @Option(names = "--udf", paramLabel = "JAR", description = "Load the SQL functions of this jar (public static methods,"
            + " aggregates with init/add/result); repeatable. Jars in ~/.profq/udfs load always. \\functions lists them.")
    List<Path> functionJars = new ArrayList<>();

    @Parameters(paramLabel = "RECORDING", arity = "1..*", description = "The recording, or NAME=RECORDING for each of several.")
    List<String> recordings = new ArrayList<>();

    @Override
    public Integer call() {
        OutputFormat output = lineFormat();
        if (!execute.isEmpty() && file != null) {
            throw usage("give either -e or -f, not both.");
        }
        // each -e on lines of its own, so a -- comment ending one cannot swallow the next
        String sql = !execute.isEmpty() ? String.join("\n;\n", execute) : file != null ? read(file) : null;
        if (sql == null) {
            RecordingConnections connections = RecordingConnections.of(spec, recordings).withFunctionJars(functionJars);
            try {
                return new Repl(connections::open, connections.toString(), connections.schemaNames(), output).run();
            } catch (SQLException e) {
                throw RecordingConnections.openFailure(e);
            }
        }
        List<String> statements = Statements.split(sql);
        if (statements.isEmpty()) {
            throw usage("there is no SQL statement to run; give one with -e \"SELECT ...\".");
        }
        if (statements.stream().anyMatch(statement -> statement.startsWith("\\"))) {
            // a meta-command (\d, \functions, \sql ...) works wherever a statement does: run them all as the shell does
            RecordingConnections connections = RecordingConnections.of(spec, recordings).withFunctionJars(functionJars);
            try {
                return new Repl(connections::open, connections.toString(), connections.schemaNames(), output).runAll(statements);
            } catch (SQLException e) {
                throw RecordingConnections.openFailure(e);
            }
        }
        try (Connection connection = RecordingConnections.of(spec, recordings).withFunctionJars(functionJars).connect()) {
            for (String statement : statements) {
                ResultTable table = query(connection, statement);
                System.out.print(ResultPrinter.print(table, output, 0));
                System.out.flush();
                NoThreadMatched.note(connection, statement, table).ifPresent(note -> System.err.println("profq: " + note));
            }
            return 0;
        } catch (SQLException e) {
            throw new CommandFailure(SqlErrors.sentence("the connection failed", e), e);
        }
    }

    /** Runs one statement and reads its result; a failure is one sentence with the error's position. */
    private static ResultTable query(Connection connection, String sql) {
        try (Statement statement = connection.createStatement(); ResultSet results = statement.executeQuery(sql)) {
            return ResultTable.read(results, sql);
        } catch (SQLException e) {
            throw new CommandFailure(SqlErrors.sentence("the query failed", e), e);
        } catch (OutOfMemoryError e) {
            throw new CommandFailure(SqlErrors.outOfMemory("the query failed"), e);
        }
    }

    private OutputFormat lineFormat() {
        try {
            return OutputFormat.lineFormat(format);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private String read(Path sqlFile) {
        try {
            return Files.readString(sqlFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw usage("cannot read the SQL file " + sqlFile + " (" + e.getClass().getSimpleName() + "); check the path given with -f.");
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
