package org.profq.cli.repl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
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
import org.jline.terminal.impl.DumbTerminal;
import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.report.ReportCatalog;
import org.profq.cli.report.ReportRunner;
import org.profq.cli.sql.NoThreadMatched;
import org.profq.cli.sql.SqlErrors;
import org.profq.cli.sql.Statements;
import org.profq.engine.api.Relations;
import org.profq.format.BaseDirectories;
import org.profq.lang.ProfqLanguage;

/**
 * The interactive SQL shell of {@code profq sql <recording>}, in the manner of psql: a
 * statement may span lines and ends with ';' (a statement of the profiling language, such as
 * {@code heap by method top 10}, also ends at the end of its line), a line starting with '\'
 * is a meta-command ({@link MetaCommands}), history is kept in {@code ~/.profq/history}
 * ({@link #historyFile()}), Tab completes
 * keywords, tables, views, columns and report names. Ctrl-C cancels the running query (or
 * clears the line being typed); Ctrl-D leaves.
 */
public final class Repl {
    private final QuerySession session;
    private final String recordings;
    private final List<String> schemas;
    private final ReplState state;

    /**
     * A REPL on the recordings that {@code opener} opens (on the query thread), named
     * {@code recordings} as given on the command line, with {@code schemas} (the default first).
     */
    public Repl(Opener opener, String recordings, List<String> schemas, OutputFormat format) {
        this.session = new QuerySession(opener);
        this.recordings = recordings;
        this.schemas = List.copyOf(schemas);
        this.state = new ReplState(format);
    }

    /** Opens the recordings; called on the query thread. */
    public interface Opener {
        Connection open() throws SQLException;
    }

    /** Runs until the user leaves; the exit code. SQLException if the recordings cannot be opened. */
    public int run() throws SQLException {
        session.start();
        try (session; Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) { // dumb: statements piped in need no terminal, and no warning
            ReportCatalog reports = ReportCatalog.standard();
            Path history = historyFile();
            Files.createDirectories(history.getParent());
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(terminal)
                    .appName("profq")
                    .parser(new StatementParser())
                    .completer(new SqlCompleter(schemas, reports))
                    .variable(LineReader.HISTORY_FILE, history)
                    .variable(LineReader.SECONDARY_PROMPT_PATTERN, "%P   -> ")
                    .variable(LineReader.INDENTATION, 2)
                    .option(LineReader.Option.CASE_INSENSITIVE, true)
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                    .build();
            PrintWriter out = terminal.writer();
            out.println("profq " + recordings + " — SQL ending with ';' or a profile (heap by method),"
                    + " \\help for help, Ctrl-D to leave.");
            MetaCommands meta = new MetaCommands(reports, state, this::runAndShow, this::await, Relations.languageCatalog(schemas));
            while (true) {
                String line;
                try {
                    line = reader.readLine(schemas.get(0) + "=> ");
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

    /**
     * Runs {@code inputs} in order as the shell would, statements and meta-commands alike
     * ({@code profq sql -e '\d'}), with results on standard output and no terminal to read
     * from: 0, or 1 when one of them failed. SQLException if the recordings cannot be opened.
     */
    public int runAll(List<String> inputs) throws SQLException {
        session.start();
        try (session; Terminal terminal = new DumbTerminal("profq", Terminal.TYPE_DUMB, InputStream.nullInputStream(),
                System.out, StandardCharsets.UTF_8)) {
            MetaCommands meta = new MetaCommands(ReportCatalog.standard(), state, this::runAndShow, this::await,
                    Relations.languageCatalog(schemas));
            for (String input : inputs) {
                if (input.startsWith("\\")) {
                    if (!meta.run(input, terminal)) {
                        break;
                    }
                } else {
                    execute(input, terminal);
                }
            }
            terminal.writer().flush();
            return state.failed ? 1 : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The history file: {@code $XDG_STATE_HOME/profq/history} (where the XDG specification keeps
     * history), else {@code $XDG_DATA_HOME/profq/history}, else {@code $HOME/.profq/history}.
     */
    static Path historyFile() {
        for (String variable : new String[] {"XDG_STATE_HOME", "XDG_DATA_HOME"}) {
            Path base = BaseDirectories.fromEnvironment(variable);
            if (base != null) {
                return base.resolve("profq").resolve("history");
            }
        }
        return BaseDirectories.home().resolve(".profq").resolve("history");
    }

    /**
     * Runs one statement (SQL or the profiling language) and prints its result, or its error;
     * its {@code :name} placeholders take the values set with {@code \set}, bound as a
     * report's parameters are.
     */
    private void execute(String statement, Terminal terminal) {
        QuerySession.Work<ResultTable> work = QuerySession.query(statement);
        if (ReportDraft.hasPlaceholders(statement)) {
            Map<String, String> values = new LinkedHashMap<>(state.variables);
            // A placeholder without a value is said as a report's missing parameter is, before anything runs.
            work = (connection, statements) -> ReportRunner.run(connection,
                    ReportDraft.of("statement", "the statement", statement, values, Map.of()).report(), Map.of());
        }
        ResultTable table = runAndShow(work, terminal);
        if (table != null) {
            state.ran(statement, table);
            if (table.rows().isEmpty() && ProfqLanguage.isStatement(statement)) {
                ResultTable note = await((connection, statements) -> ResultTable.ofText(List.of("note"),
                        NoThreadMatched.note(connection, statement, table).<List<List<Object>>>map(text -> List.of(List.of(text)))
                                .orElse(List.of())), terminal);
                if (note != null && !note.rows().isEmpty()) {
                    terminal.writer().println("NOTE: " + note.rows().get(0).get(0));
                    terminal.writer().flush();
                }
            }
        }
    }

    /**
     * Runs {@code work} on the query thread (Ctrl-C cancels it) and prints its result, or why
     * there is none; then, with \timing on, the query's time: running it and reading its rows,
     * not the time the user spent reading them in the pager. The result, or null.
     */
    private ResultTable runAndShow(QuerySession.Work<ResultTable> work, Terminal terminal) {
        long started = System.nanoTime();
        ResultTable table = await(work, terminal);
        long queryNanos = System.nanoTime() - started;
        if (table != null) {
            show(ResultPrinter.print(table, state.format, state.output == null ? terminal.getWidth() : 0),
                    table.rows().size(), terminal);
        }
        if (state.timing) {
            terminal.writer().printf(Locale.ROOT, "Time: %.1f ms%n", queryNanos / 1e6);
        }
        terminal.writer().flush();
        return table;
    }

    /**
     * Runs {@code work} on the query thread and waits for it; Ctrl-C meanwhile cancels it. The
     * result, or null after printing why there is none.
     */
    private ResultTable await(QuerySession.Work<ResultTable> work, Terminal terminal) {
        QuerySession.Running<ResultTable> running = session.submit(work);
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> running.cancel());
        try {
            return running.await();
        } catch (CancellationException e) {
            state.failed = true;
            terminal.writer().println("query cancelled.");
        } catch (ExecutionException e) {
            state.failed = true;
            Throwable cause = e.getCause();
            if (cause instanceof SQLException sqlError) {
                terminal.writer().println(SqlErrors.sentence("ERROR", sqlError));
            } else if (cause instanceof OutOfMemoryError) {
                terminal.writer().println(SqlErrors.outOfMemory("ERROR"));
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
    private void show(String text, int rows, Terminal terminal) {
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
