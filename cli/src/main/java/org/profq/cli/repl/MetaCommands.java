package org.profq.cli.repl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jline.terminal.Terminal;
import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.report.ReportCatalog;
import org.profq.cli.report.ReportRunner;
import org.profq.cli.sql.RecorderOptionsOf;
import org.profq.engine.api.RelationDoc;
import org.profq.engine.api.Relations;
import org.profq.engine.api.UserEventTables;
import org.profq.engine.report.Report;
import org.profq.engine.report.ReportNeeds;
import org.profq.lang.LanguageException;
import org.profq.lang.ProfileCatalog;
import org.profq.lang.ProfqLanguage;
import org.profq.lang.Suggestions;
import org.profq.recording.RecordedEvents;
import org.profq.udf.FunctionLibrary;
import org.profq.udf.SqlFunction;

/** The REPL's backslash commands: documentation, reports, the language's SQL, placeholders and saving, output settings. */
final class MetaCommands {
    static final List<String> NAMES = List.of(
            "\\d", "\\functions", "\\reports", "\\report", "\\sql", "\\set", "\\unset", "\\save", "\\save!", "\\timing", "\\format", "\\explain", "\\o", "\\pager", "\\watch", "\\help", "\\q");

    private static final String HELP = """
            SQL statements end with ';' and may span lines. Tables and views: \\d.
            A line starting with a profile is the profiling language, e.g. heap by method where class = 'org.h2.*' top 10.
              \\d [NAME]               list tables and views, or NAME's columns and what they mean
              \\functions              list the SQL functions (profq's and those of --udf jars) and what they do
              \\reports                list the saved reports
              \\report NAME [k=v ...]  run a saved report with parameters
              \\sql STATEMENT          show the SQL a statement of the profiling language compiles to
              \\set [NAME VALUE]       give :NAME a value for the statements that use it; alone: list them
              \\unset NAME             forget :NAME's value
              \\save NAME [TEXT]       save the last statement as report NAME (TEXT: what it answers), its
                                      :names as parameters defaulting to their values; \\save! replaces one
              \\timing                 show each statement's time (toggle)
              \\format FORMAT          table, csv, json or markdown
              \\explain QUERY          show the plan of QUERY
              \\o [FILE]               send results to FILE (appending); \\o alone: back to the terminal
              \\pager on|off           show results taller than the terminal a screen at a time (default on)
              \\watch SECONDS QUERY    run QUERY every SECONDS and redraw its result, until Ctrl-C
                                      (on a recording still being written, it grows)
              \\help                   this text
              \\q or Ctrl-D            leave; Ctrl-C cancels a running query
            """;

    /** Runs work through the REPL, as it runs a statement: cancellable, timed, its result to the current output. */
    interface Runner {
        /** The result, or null after its error (or cancellation) was shown. */
        ResultTable runAndShow(QuerySession.Work<ResultTable> work, Terminal terminal);
    }

    /** Runs work through the REPL without showing its result; null after its error (or cancellation) was shown. */
    interface Fetcher {
        ResultTable fetch(QuerySession.Work<ResultTable> work, Terminal terminal);
    }

    private final ReportCatalog reports;
    private final ReplState state;
    private final Runner runner;
    private final Fetcher fetcher;
    /** The connection's views and schemas, as the profiling language sees them, for \sql. */
    private final ProfileCatalog language;

    MetaCommands(ReportCatalog reports, ReplState state, Runner runner, Fetcher fetcher, ProfileCatalog language) {
        this.reports = reports;
        this.state = state;
        this.runner = runner;
        this.fetcher = fetcher;
        this.language = language;
    }

    /** Runs {@code line}; false when the user asked to leave. */
    boolean run(String line, Terminal terminal) {
        String input = line.strip();
        if (input.endsWith(";")) {
            input = input.substring(0, input.length() - 1).strip();
        }
        int space = input.indexOf(' ');
        String command = space < 0 ? input : input.substring(0, space);
        String argument = space < 0 ? "" : input.substring(space + 1).strip();
        var out = terminal.writer();
        switch (command) {
            case "\\q", "\\quit" -> {
                return false;
            }
            case "\\help", "\\?" -> out.print(HELP);
            case "\\d" -> show(out, argument.isEmpty() ? list(terminal) : describe(argument, terminal));
            case "\\functions", "\\df" -> runner.runAndShow(MetaCommands::functions, terminal);
            case "\\reports" -> out.print(print(reportListing(), terminal));
            case "\\report" -> report(argument, terminal);
            case "\\sql" -> show(out, compiled(argument) + "\n");
            case "\\set" -> set(argument, terminal);
            case "\\unset" -> show(out, state.variables.remove(argument) == null
                    ? "ERROR: :" + argument + " has no value to forget.\n" : ":" + argument + " has no value now.\n");
            case "\\save", "\\save!" -> show(out, save(argument, command.equals("\\save!")) + "\n");
            case "\\timing" -> {
                state.timing = !state.timing;
                out.println("Timing is " + (state.timing ? "on." : "off."));
            }
            case "\\format" -> {
                try {
                    state.format = OutputFormat.lineFormat(argument);
                    out.println("Output format is " + state.format + ".");
                } catch (IllegalArgumentException e) {
                    error(out, e.getMessage());
                }
            }
            case "\\explain" -> {
                if (argument.isEmpty()) {
                    error(out, "give a query: \\explain SELECT ...");
                } else {
                    runner.runAndShow(QuerySession.query("EXPLAIN PLAN FOR " + argument), terminal);
                }
            }
            case "\\o" -> {
                state.output = argument.isEmpty() ? null : Path.of(argument);
                out.println(argument.isEmpty() ? "Results go to the terminal." : "Results go to " + argument + ".");
            }
            case "\\pager" -> {
                switch (argument.toLowerCase(java.util.Locale.ROOT)) {
                    case "on" -> state.pager = true;
                    case "off" -> state.pager = false;
                    case "" -> state.pager = !state.pager;
                    default -> {
                        error(out, "\\pager takes on or off.");
                        out.flush();
                        return true;
                    }
                }
                out.println("Pager is " + (state.pager ? "on." : "off."));
            }
            case "\\watch" -> Watch.run(argument, terminal, runner, state);
            default -> error(out, "unknown command " + command + "; \\help lists them.");
        }
        out.flush();
        return true;
    }

    /** The SQL that {@code statement} compiles to, or the language's error with its caret. */
    private String compiled(String statement) {
        if (statement.isEmpty()) {
            return "ERROR: give a statement: \\sql heap by method top 10";
        }
        if (!ProfqLanguage.isStatement(statement)) {
            return "ERROR: '" + statement + "' is SQL already; \\sql shows the SQL of a profiling-language statement"
                    + " (heap by method, time by method, tree, calls of, ...).";
        }
        try {
            return ProfqLanguage.toSql(statement, language) + ";";
        } catch (LanguageException e) {
            return "ERROR " + e.sentence() + "\n" + e.caret();
        }
    }

    private void set(String argument, Terminal terminal) {
        var out = terminal.writer();
        if (argument.isEmpty()) {
            if (state.variables.isEmpty()) {
                out.println("No values set; \\set NAME VALUE gives :NAME one.");
            }
            state.variables.forEach((name, value) -> out.println(":" + name + " = " + value));
            return;
        }
        String[] words = argument.split("\\s+", 2);
        if (words.length < 2 || !words[0].matches("[A-Za-z_]\\w*")) {
            error(out, "\\set takes a name and a value: \\set top 10");
            return;
        }
        state.variables.put(words[0], ReportDraft.unquote(words[1]));
        out.println(":" + words[0] + " = " + state.variables.get(words[0]));
    }

    /** Saves the last statement as a report in the user's reports directory; the line to print. */
    private String save(String argument, boolean replace) {
        String[] words = argument.split("\\s+", 2);
        String name = words[0];
        if (name.isEmpty() || !name.matches("[A-Za-z_]\\w*")) {
            return "ERROR: give the report a name of letters, digits and _: \\save NAME [what it answers]";
        }
        if (state.lastStatement == null) {
            return "ERROR: there is no statement to save yet; run one first.";
        }
        String description = words.length > 1 ? words[1].strip() : "saved from the REPL: " + state.lastStatement.lines().findFirst().orElse("");
        try {
            ReportDraft draft = ReportDraft.of(name, description, state.lastStatement, state.variables, state.lastColumns);
            draft.report(); // a header the catalog could not read is refused here, not when listing
            Path file = reports.userDirectory().resolve(name + ".sql");
            if (Files.exists(file) && !replace) {
                return "ERROR: the report " + name + " exists (" + file + "); \\save! " + name + " replaces it.";
            }
            Files.createDirectories(file.getParent());
            Files.writeString(file, draft.text(), StandardCharsets.UTF_8);
            return "Saved the report " + name + " as " + file + "; run it with \\report " + name
                    + " or profq report " + name + " RECORDING.";
        } catch (IllegalArgumentException e) {
            return "ERROR: " + e.getMessage();
        } catch (IOException e) {
            return "ERROR: cannot write the report " + name + " (" + e.getMessage() + ").";
        }
    }

    private String print(ResultTable table, Terminal terminal) {
        return ResultPrinter.print(table, OutputFormat.TABLE, terminal.getWidth());
    }

    /** Every function of the connection: its signature, kind, what it does, and where it comes from. */
    static ResultTable functions(Connection connection, QuerySession.StatementTracker statements) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        for (SqlFunction function : connection.unwrap(FunctionLibrary.class).functions()) {
            rows.add(List.of(function.signature(), function.kind().toString(), function.description(), function.source()));
        }
        return ResultTable.ofText(List.of("function", "kind", "what it does", "from"), rows);
    }

    /**
     * Every table and view with what one row is or what it answers; a table whose events the
     * recording left out says so, as a query of it would.
     */
    private String list(Terminal terminal) {
        List<List<Object>> rows = new ArrayList<>();
        String options = recorderOptions(terminal);
        for (RelationDoc table : Relations.tables()) {
            rows.add(List.of(table.name(), "table", table.summary() + notRecorded(table.name(), options)));
        }
        for (RelationDoc view : Relations.views()) {
            rows.add(List.of(view.name(), "view", view.summary()));
        }
        ResultTable userEvents = fetcher.fetch(MetaCommands::userEventTables, terminal);
        if (userEvents != null) {
            rows.addAll(userEvents.rows());
        }
        return print(ResultTable.ofText(List.of("name", "kind", "description"), rows), terminal);
    }

    /** The recorder's options of the default schema's recording; null when they could not be read (the error was shown). */
    private String recorderOptions(Terminal terminal) {
        ResultTable run = fetcher.fetch((connection, statements) -> ResultTable.ofText(List.of("options"),
                List.of(List.of(RecorderOptionsOf.defaultSchema(connection)))), terminal);
        return run == null ? null : (String) run.rows().get(0).get(0);
    }

    /** " (not in this recording: ...)" for a table whose events the recording left out; empty otherwise, or when unknown. */
    private static String notRecorded(String table, String options) {
        if (options == null) {
            return "";
        }
        return ReportNeeds.ofTable(table).filter(need -> ReportNeeds.notRecorded(need, options).isPresent())
                .map(need -> need.equals(ReportNeeds.VALUES) ? " (not in this recording: recorded without --values)"
                        : " (not in this recording: " + RecordedEvents.of(options).reason().replaceFirst("^it was ", "") + ")")
                .orElse("");
    }

    private String describe(String name, Terminal terminal) {
        String bare = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : name;
        Optional<RelationDoc> relation = Relations.find(bare);
        List<List<Object>> rows = new ArrayList<>();
        String heading;
        ResultTable userEventColumns;
        if (relation.isPresent()) {
            RelationDoc doc = relation.get();
            heading = doc.view() ? "view " + doc.name() + ": " + doc.summary()
                    : "table " + doc.name() + ": " + doc.summary() + notRecorded(doc.name(), recorderOptions(terminal));
            for (RelationDoc.ColumnDoc column : doc.columns()) {
                // a view's columns are not declared nullable or not: only a table's say so
                rows.add(List.of(column.name(), column.type() + (!doc.view() && column.nullable() ? " (nullable)" : ""),
                        column.meaning()));
            }
        } else if ((userEventColumns = userEventColumns(bare, terminal)) != null) {
            ResultTable columns = userEventColumns;
            heading = "table " + bare.toLowerCase(java.util.Locale.ROOT) + ": " + columns.rows().get(0).get(3);
            for (List<Object> column : columns.rows()) {
                rows.add(column.subList(0, 3));
            }
        } else {
            return "ERROR: no table or view named '" + name + "'; \\d lists them.\n";
        }
        return heading + "\n" + print(ResultTable.ofText(List.of("column", "type", "meaning"), rows), terminal);
    }

    /** The user-defined events' tables of the connection's default schema ({@code event_<name>}), as \\d lists tables. */
    static ResultTable userEventTables(Connection connection, QuerySession.StatementTracker statements) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet tables = connection.getMetaData().getTables(null, connection.getSchema(),
                UserEventTables.PREFIX.replace("_", "\\_") + "%", new String[] {"TABLE"})) {
            while (tables.next()) {
                rows.add(List.of(tables.getString("TABLE_NAME"), "table", tables.getString("REMARKS")));
            }
        }
        return ResultTable.ofText(List.of("name", "kind", "description"), rows);
    }

    /** The columns of user-defined event table {@code name} ({@code event_<name>}); null when there is no such table. */
    private ResultTable userEventColumns(String name, Terminal terminal) {
        if (!name.toLowerCase(java.util.Locale.ROOT).startsWith(UserEventTables.PREFIX)) {
            return null;
        }
        ResultTable columns = fetcher.fetch((connection, statements) -> userEventColumns(connection, name), terminal);
        return columns == null || columns.rows().isEmpty() ? null : columns;
    }

    /** A user-defined event table's columns: name, type, meaning, and (in every row) what one row of it is. */
    private static ResultTable userEventColumns(Connection connection, String table) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String onePerRow = "";
        try (ResultSet tables = meta.getTables(null, connection.getSchema(), table.toLowerCase(java.util.Locale.ROOT), null)) {
            if (tables.next()) {
                onePerRow = tables.getString("REMARKS");
            }
        }
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet columns = meta.getColumns(null, connection.getSchema(), table.toLowerCase(java.util.Locale.ROOT), null)) {
            while (columns.next()) {
                rows.add(List.of(columns.getString("COLUMN_NAME"), columns.getString("TYPE_NAME").replace(" NOT NULL", "")
                        + ("YES".equals(columns.getString("IS_NULLABLE")) ? " (nullable)" : ""), columns.getString("REMARKS"), onePerRow));
            }
        }
        return ResultTable.ofText(List.of("column", "type", "meaning", "table"), rows);
    }

    private ResultTable reportListing() {
        List<List<Object>> rows = new ArrayList<>();
        for (Report report : reports.all()) {
            rows.add(List.of(report.name(), report.summary(), ReportCatalog.parameterDefaults(report)));
        }
        return ResultTable.ofText(List.of("name", "answers", "parameters"), rows);
    }

    private void report(String argument, Terminal terminal) {
        var out = terminal.writer();
        List<String> words = argument.isEmpty() ? List.of() : Arrays.asList(argument.split("\\s+"));
        if (words.isEmpty()) {
            error(out, "name a report: \\report NAME [k=v ...]; \\reports lists them.");
            return;
        }
        Optional<Report> report = reports.find(words.get(0));
        if (report.isEmpty()) {
            error(out, "there is no report named '" + words.get(0) + "'" + Suggestions.didYouMean(words.get(0), reports.names())
                    + "; \\reports lists them.");
            return;
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String word : words.subList(1, words.size())) {
            int equals = word.indexOf('=');
            if (equals <= 0) {
                error(out, "'" + word + "' is not NAME=VALUE.");
                return;
            }
            parameters.put(word.substring(0, equals), word.substring(equals + 1));
        }
        // A mistake in a parameter is said before the report's SQL runs: ReportRunner binds first.
        runner.runAndShow((connection, statements) -> ReportRunner.run(connection, report.get(), parameters), terminal);
    }

    /** Prints what a meta-command gives; one that says ERROR is noted as {@link #error} notes it. */
    private void show(java.io.PrintWriter out, String text) {
        if (text.startsWith("ERROR")) {
            state.failed = true;
        }
        out.print(text);
    }

    /** Prints why a meta-command failed, and notes it: {@code profq sql -e} then exits 1. */
    private void error(java.io.PrintWriter out, String message) {
        state.failed = true;
        out.println("ERROR: " + message);
    }
}
