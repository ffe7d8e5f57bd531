package org.profq.cli;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.report.HtmlReport;
import org.profq.cli.report.ReportCatalog;
import org.profq.cli.report.ReportRunner;
import org.profq.cli.sql.SqlErrors;
import org.profq.engine.report.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq report <name> <recording>}: runs a saved report with its parameters (defaults
 * unless {@code --param k=v} says otherwise) and prints the result, or writes it as a
 * self-contained HTML page with a chart.
 */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Runs a saved report on a recording.",
        customSynopsis = "profq report NAME RECORDING... [--param NAME=VALUE]... [--format=table|csv|json|markdown|html] [-o FILE]",
        description = {"%nprofq reports lists the reports and their parameters; profq report --show NAME prints one's SQL.",
                "profq report time ranks methods by self CPU time; --param by=wall ranks them by self wall time.%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:ok", "1:the report failed", "2:usage error (unknown report or parameter, a value of the wrong type)"})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "NAME", description = "The report, as profq reports lists it.")
    String name;

    @Parameters(index = "1..*", arity = "0..*", paramLabel = "RECORDING", description = "The recording, or NAME=RECORDING for each of several.")
    List<String> recordings = new ArrayList<>();

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "A parameter's value; repeatable.")
    Map<String, String> parameters = new LinkedHashMap<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "table (default), csv, json, markdown or html.")
    String format = "table";

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the output to FILE instead of stdout.")
    Path output;

    @Option(names = "--udf", paramLabel = "JAR", description = "Load the SQL functions of this jar; repeatable.")
    List<Path> functionJars = new ArrayList<>();

    @Option(names = "--show", description = "Print the report's SQL file instead of running it.")
    boolean show;

    static ReportCatalog catalog() {
        try {
            ReportCatalog catalog = ReportCatalog.standard();
            catalog.all();
            return catalog;
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CommandFailure(e.getMessage(), e);
        }
    }

    @Override
    public Integer call() {
        ReportCatalog catalog = catalog();
        Report report = catalog.find(name).orElseThrow(() -> usage(catalog.noReportNamed(name) + "."));
        if (show) {
            System.out.print(report.sql());
            return 0;
        }
        OutputFormat outputFormat;
        try {
            outputFormat = OutputFormat.named(format);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        try {
            report.bind(parameters); // a bad parameter is a usage error, found before the recording is opened
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        String text;
        // what a report formats for people (fmt_share, ...) stays a number in CSV and JSON
        boolean rawNumbers = outputFormat == OutputFormat.CSV || outputFormat == OutputFormat.JSON;
        try (Connection connection = RecordingConnections.of(spec, recordings).withFunctionJars(functionJars)
                .withRawNumbers(rawNumbers).connect()) {
            ResultTable table = ReportRunner.run(connection, report, parameters);
            text = outputFormat == OutputFormat.HTML
                    ? HtmlReport.render(report, table, boundValues(report), String.join(" ", recordings))
                    : ResultPrinter.print(table, outputFormat, 0);
        } catch (SQLException e) {
            throw new CommandFailure(SqlErrors.sentence("the report " + name + " failed", e), e);
        } catch (OutOfMemoryError e) {
            throw new CommandFailure(SqlErrors.outOfMemory("the report " + name + " failed"), e);
        }
        TextOutput.write(text, output);
        return 0;
    }

    /** Every parameter's value as used: the given one or the default, typed. */
    private Map<String, Object> boundValues(Report report) {
        Map<String, Object> values = new LinkedHashMap<>();
        report.parameters().forEach(parameter -> values.put(parameter.name(),
                parameters.containsKey(parameter.name()) ? parameter.valueOf(parameters.get(parameter.name())) : parameter.defaultValue()));
        return values;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
