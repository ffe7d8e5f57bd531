package org.profq.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import org.profq.cli.report.ReportCatalog;
import org.profq.engine.report.Report;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code profq reports}: the saved reports there are to run, built-in and the user's own. */
@Command(name = "reports",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        header = "Lists the saved reports: built-in ones, then those in ./reports and ~/.profq/reports.",
        description = {"%nA report is a .sql file whose leading comment block gives its name, what it answers,"
                + " its parameters with defaults and its output columns; see a built-in one with"
                + " profq report --show NAME.%n"})
public final class ReportsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table (default), csv, json or markdown.")
    String format = "table";

    @Override
    public Integer call() {
        OutputFormat output;
        try {
            output = OutputFormat.lineFormat(format);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        System.out.print(ResultPrinter.print(listing(ReportCommand.catalog()), output, 0));
        return 0;
    }

    /** One row per report: name, where it comes from, what it answers, parameters with defaults. */
    static ResultTable listing(ReportCatalog catalog) {
        List<List<Object>> rows = new ArrayList<>();
        for (Report report : catalog.all()) {
            rows.add(List.of(report.name(), report.source(), report.summary(), ReportCatalog.parameterDefaults(report)));
        }
        return ResultTable.ofText(List.of("name", "source", "answers", "parameters"), rows);
    }
}
