package org.profq.cli.mcp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.report.ReportCatalog;
import org.profq.cli.report.ReportRunner;
import org.profq.engine.api.RelationDoc;
import org.profq.engine.api.Relations;
import org.profq.engine.report.Report;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;

/**
 * What an assistant may do with the recordings over the Model Context Protocol: describe the
 * tables and views, run a statement (SQL or the profiling language), list and run the saved
 * reports. Every tool reads only: the driver refuses writes, a statement is cancelled after the
 * time limit and its answer cut at the row limit, saying so. One statement runs at a time.
 */
public final class RecordingTools {
    private static final ToolAnnotations READ_ONLY = new ToolAnnotations(null, true, false, true, false, null);
    /** Where a statement's answer is printed wider than this, its columns are narrowed. */
    private static final int TEXT_WIDTH = 160;

    private final Connection connection;
    private final McpJsonMapper json;
    private final int maxRows;
    private final int timeoutSeconds;
    private final ReportCatalog reports;

    /** Tools over {@code connection}: answers cut at {@code maxRows} rows, statements cancelled after {@code timeoutSeconds}. */
    public RecordingTools(Connection connection, McpJsonMapper json, int maxRows, int timeoutSeconds, ReportCatalog reports) {
        this.connection = connection;
        this.json = json;
        this.maxRows = maxRows;
        this.timeoutSeconds = timeoutSeconds;
        this.reports = reports;
    }

    public List<SyncToolSpecification> all() {
        return List.of(
                tool("describe", "Tables and views",
                        "Lists the recording's tables and profile views, a line each; given a name, that table's or view's"
                                + " columns with their types and what they mean.",
                        """
                        {"type": "object", "properties": {
                          "name": {"type": "string", "description": "a table or view; omit it to list them all"}}}""",
                        arguments -> describe(text(arguments, "name"))),
                tool("query", "Run a query",
                        "Runs one read-only statement on the recording: SQL (Calcite's dialect, e.g. SELECT * FROM"
                                + " time_by_method ORDER BY self_ns DESC LIMIT 10) or the profiling language (e.g. heap by"
                                + " method top 10). Answers are cut at the row limit and statements cancelled after the time"
                                + " limit; both are said in the answer.",
                        """
                        {"type": "object", "required": ["statement"], "properties": {
                          "statement": {"type": "string", "description": "one SQL statement or profiling-language statement"}}}""",
                        arguments -> query(text(arguments, "statement").orElse(""))),
                tool("report", "Saved reports",
                        "Lists the saved reports (a question each, with its parameters); given a name, runs that report,"
                                + " its parameters given as strings.",
                        """
                        {"type": "object", "properties": {
                          "name": {"type": "string", "description": "the report to run; omit it to list them"},
                          "parameters": {"type": "object", "additionalProperties": {"type": "string"},
                                         "description": "the report's parameters by name; omitted ones take their defaults"}}}""",
                        arguments -> report(text(arguments, "name"), parameters(arguments))));
    }

    private SyncToolSpecification tool(String name, String title, String description, String inputSchema,
                                       Function<Map<String, Object>, CallToolResult> handler) {
        Tool tool = Tool.builder().name(name).title(title).description(description).inputSchema(json, inputSchema)
                .annotations(READ_ONLY).build();
        return SyncToolSpecification.builder().tool(tool)
                .callHandler((exchange, request) -> handler.apply(arguments(request)))
                .build();
    }

    private CallToolResult describe(Optional<String> name) {
        if (name.isEmpty()) {
            StringBuilder text = new StringBuilder("Tables:\n");
            Relations.tables().forEach(table -> text.append("- ").append(table.name()).append(": ").append(table.summary()).append('\n'));
            text.append("\nViews (profiles; each answers a question):\n");
            Relations.views().forEach(view -> text.append("- ").append(view.name()).append(": ").append(view.summary()).append('\n'));
            return answer(text.toString());
        }
        Optional<RelationDoc> found = Relations.find(name.get());
        if (found.isEmpty()) {
            return failure("no table or view is named " + name.get() + "; call describe without a name to list them.");
        }
        RelationDoc relation = found.get();
        StringBuilder text = new StringBuilder((relation.view() ? "view " : "table ") + relation.name() + ": " + relation.summary() + "\n");
        for (RelationDoc.ColumnDoc column : relation.columns()) {
            text.append("- ").append(column.name()).append(' ').append(column.type()).append(column.nullable() ? "" : " NOT NULL")
                    .append(": ").append(column.meaning()).append('\n');
        }
        return answer(text.toString());
    }

    private CallToolResult query(String statementText) {
        if (statementText.isBlank()) {
            return failure("give the statement to run, e.g. SELECT * FROM heap_by_method LIMIT 10.");
        }
        synchronized (connection) {
            try (Statement statement = connection.createStatement()) {
                statement.setQueryTimeout(timeoutSeconds);
                statement.setMaxRows(maxRows + 1); // one more, to tell a cut answer from a whole one
                if (!statement.execute(statementText)) {
                    return failure("the statement gave no rows; only queries are run here.");
                }
                try (ResultSet results = statement.getResultSet()) {
                    return table(ResultTable.read(results, statementText));
                }
            } catch (SQLException e) {
                return failure(failed(e));
            }
        }
    }

    private CallToolResult report(Optional<String> name, Map<String, String> parameters) {
        if (name.isEmpty()) {
            StringBuilder text = new StringBuilder("Saved reports (run one with its name):\n");
            for (Report report : reports.all()) {
                text.append("- ").append(report.name()).append(": ").append(report.summary());
                String defaults = ReportCatalog.parameterDefaults(report);
                text.append(defaults.isEmpty() ? "" : " (parameters: " + defaults + ")").append('\n');
            }
            return answer(text.toString());
        }
        Optional<Report> report = reports.find(name.get());
        if (report.isEmpty()) {
            return failure(reports.noReportNamed(name.get()));
        }
        synchronized (connection) {
            try {
                return table(ReportRunner.run(connection, report.get(), parameters, timeoutSeconds));
            } catch (IllegalArgumentException e) {
                return failure(e.getMessage());
            } catch (SQLException e) {
                return failure(failed(e));
            }
        }
    }

    /** The answer as an aligned table, with its rows as structured content; cut at the row limit. */
    private CallToolResult table(ResultTable whole) {
        boolean cut = whole.rows().size() > maxRows;
        ResultTable shown = cut ? new ResultTable(whole.columns(), whole.types(), whole.numeric(), whole.rows().subList(0, maxRows)) : whole;
        String text = ResultPrinter.print(shown, OutputFormat.TABLE, TEXT_WIDTH)
                + (cut ? "(the first " + maxRows + " rows; more were cut: add a LIMIT, a filter or an aggregate)\n" : "");
        Map<String, Object> structured = new LinkedHashMap<>();
        structured.put("columns", shown.columns());
        structured.put("rows", shown.rows());
        structured.put("cut", cut);
        return CallToolResult.builder().addTextContent(text).structuredContent(structured).isError(false).build();
    }

    private static String failed(SQLException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return "the statement failed: " + message;
    }

    private static CallToolResult answer(String text) {
        return CallToolResult.builder().addTextContent(text).isError(false).build();
    }

    private static CallToolResult failure(String sentence) {
        return CallToolResult.builder().addTextContent(sentence).isError(true).build();
    }

    private static Map<String, Object> arguments(CallToolRequest request) {
        return request.arguments() == null ? Map.of() : request.arguments();
    }

    private static Optional<String> text(Map<String, Object> arguments, String name) {
        Object value = arguments.get(name);
        return value == null || value.toString().isBlank() ? Optional.empty() : Optional.of(value.toString());
    }

    private static Map<String, String> parameters(Map<String, Object> arguments) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (arguments.get("parameters") instanceof Map<?, ?> given) {
            given.forEach((name, value) -> parameters.put(String.valueOf(name), String.valueOf(value)));
        }
        return parameters;
    }
}
