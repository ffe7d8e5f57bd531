package org.profq.cli.repl;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;

import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.report.ReportCatalog;
import org.profq.cli.sql.SqlErrors;
import org.profq.cli.sql.Statements;
import org.profq.engine.jdbc.ConnectString;
import org.profq.engine.report.Report;

/**
 * The interactive SQL shell of {@code profq sql <recording>}, in the manner of psql: a
 * statement may span lines and ends with ';' (a statement of the profiling language, such as
 * {@code heap by method top 10}, also ends at the end of its line), a line starting with '\' is a meta-command
 * ({@link MetaCommands}), history is kept in {@code ~/.profq/history}, Tab completes
 * keywords, tables, views, columns and report names. Ctrl-C cancels the running query (or
 * clears the line being typed); Ctrl-D leaves.
 */
public final class Repl {
    private final QuerySession session;
    private final List<String> recordings;
    private final ReplState state;

    /** A REPL on the recordings that {@code opener} opens (on the query thread). */
    public Repl(Opener opener, List<String> recordings, OutputFormat format) {
        this.session = new QuerySession(opener::open);
        this.recordings = List.copyOf(recordings);
        this.state = new ReplState(format);
    }

    /** Opens the recordings. */
    public interface Opener {
        Connection open() throws SQLException;
    }

    /** Runs until the user leaves; the exit code. SQLException if the recordings cannot be opened. */
    public int run() throws SQLException {
        session.start();
        try (session; Terminal terminal = TerminalBuilder.builder().system(true).build()) {
            ReportCatalog reports = ReportCatalog.standard();
            Path history = Path.of(System.getProperty("user.home"), ".profq", "history");
            Files.createDirectories(history.getParent());
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(terminal)
                    .appName("profq")
                    .parser(new StatementParser())
                    .completer(new SqlCompleter(schemaNames(), reports))
                    .variable(LineReader.HISTORY_FILE, history)
                    .variable(LineReader.SECONDARY_PROMPT_PATTERN, "%P   -> ")
                    .variable(LineReader.INDENTATION, 2)
                    .option(LineReader.Option.CASE_INSENSITIVE, true)
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                    .build();
            PrintWriter out = terminal.writer();
            out.println("profq " + String.join(" ", recordings) + " — SQL ending with ';' or a profile (heap by method),"
                    + " \\help for help, Ctrl-D to leave.");
            state.schemas = schemaNames();
            MetaCommands meta = new MetaCommands(reports, state, this::execute, this::await);
            while (true) {
                String line;
                try {
                    line = reader.readLine(schemaPrompt());
                } catch (UserInterruptException e) {
                    continue; // Ctrl-C at the prompt clears what was typed
                } catch (EndOfFileException e) {
                    out.println();
                    break;
                }
                String input = line.strip();
                if (input.isEmpty()) {
                    continue;
                }
                if (input.startsWith("\\")) {
                    if (!meta.run(input, terminal)) {
                        break;
                    }
                    continue;
                }
                for (String statement : Statements.split(input)) {
                    execute(statement, terminal);
                }
            }
            reader.getHistory().save();
            return 0;
        } catch (IOException e) {
            System.err.println("profq: the terminal cannot be used (" + e.getMessage() + "); run queries with -e instead.");
            return 1;
        }
    }

    /** "recording" (and jvm2, ... for a group) for one recording, else the names given (a=..., b=...); the first is the default. */
    private List<String> schemaNames() {
        if (recordings.size() == 1 && !recordings.get(0).matches("[A-Za-z_][A-Za-z0-9_]*=.+")) {
            return List.copyOf(ConnectString.schemasOf(Path.of(recordings.get(0))).keySet());
        }
        return recordings.stream().map(word -> word.substring(0, word.indexOf('='))).toList();
    }

    private String schemaPrompt() {
        return schemaNames().get(0) + "=> ";
    }

    /**
     * Runs one statement (SQL or the profiling language) and prints its result, or its error;
     * its {@code :name} placeholders take the values set with {@code \set}.
     */
    void execute(String sql, Terminal terminal) {
        long started = System.nanoTime();
        Report.BoundQuery bound;
        try {
            bound = ReportDraft.hasPlaceholders(sql)
                    ? ReportDraft.of("statement", "the statement", sql, state.variables, Map.of()).report().bind(Map.of())
                    : new Report.BoundQuery(sql, List.of());
        } catch (IllegalArgumentException e) {
            terminal.writer().println("ERROR: " + e.getMessage());
            terminal.writer().flush();
            return;
        }
        Map<String, String> columns = new LinkedHashMap<>();
        ResultTable table = await((connection, statements) -> {
            if (bound.values().isEmpty()) {
                try (Statement statement = statements.create(connection); ResultSet results = statement.executeQuery(sql)) {
                    return read(results, columns);
                }
            }
            try (PreparedStatement statement = connection.prepareStatement(bound.sql())) {
                for (int i = 0; i < bound.values().size(); i++) {
                    statement.setObject(i + 1, bound.values().get(i));
                }
                try (ResultSet results = statement.executeQuery()) {
                    return read(results, columns);
                }
            }
        }, terminal);
        if (table != null) {
            state.lastStatement = sql;
            state.lastColumns = columns;
            show(ResultPrinter.print(table, state.format, state.output == null ? terminal.getWidth() : 0),
                    table.rows().size(), terminal);
        }
        if (state.timing) {
            terminal.writer().printf(Locale.ROOT, "Time: %.1f ms%n", (System.nanoTime() - started) / 1e6);
        }
        terminal.writer().flush();
    }

    /** The result, noting each column's name and SQL type in {@code columns} (for \save). */
    private static ResultTable read(ResultSet results, Map<String, String> columns) throws SQLException {
        ResultSetMetaData metadata = results.getMetaData();
        for (int i = 1; i <= metadata.getColumnCount(); i++) {
            columns.put(metadata.getColumnLabel(i), metadata.getColumnTypeName(i));
        }
        return ResultTable.read(results);
    }

    /**
     * Runs {@code work} on the query thread and waits for it; Ctrl-C meanwhile cancels it. The
     * result, or null after printing why there is none.
     */
    ResultTable await(QuerySession.Work<ResultTable> work, Terminal terminal) {
        QuerySession.Running<ResultTable> running = session.submit(work);
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> running.cancel());
        try {
            return running.await();
        } catch (CancellationException e) {
            terminal.writer().println("query cancelled.");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SQLException sqlError) {
                terminal.writer().println(SqlErrors.sentence("ERROR", sqlError));
            } else if (cause instanceof IllegalArgumentException usage) {
                terminal.writer().println("ERROR: " + usage.getMessage());
            } else {
                terminal.writer().println("ERROR: " + cause);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
        }
        terminal.writer().flush();
        return null;
    }

    /** Prints a result of {@code rows} rows to the terminal (paged), or appends it to the file chosen with \o. */
    void show(String text, int rows, Terminal terminal) {
        if (state.output == null) {
            Pager.show(text, rows, state.format, state.pager, terminal);
            return;
        }
        try {
            Files.writeString(state.output, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            terminal.writer().println("ERROR: cannot write " + state.output + " (" + e.getMessage() + ")");
        }
    }
}
