package org.profq.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import org.profq.agent.AgentOptions.EventFamily;
import org.profq.check.BaselineFile;
import org.profq.check.CheckRule;
import org.profq.check.CheckRules;
import org.profq.check.CountComparison;
import org.profq.check.CountKind;
import org.profq.check.ExactCounts;
import org.profq.check.JUnitReport;
import org.profq.cli.output.OutputFormat;
import org.profq.cli.output.ResultPrinter;
import org.profq.cli.output.ResultTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code profq check BASELINE CURRENT}: compares two runs by their exact counts (calls per
 * method, objects and bytes per allocation site, throws per throw site) and fails when one grew,
 * naming it; {@code --save FILE RECORDING} keeps a run's counts as a baseline file.
 */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Compares two runs' exact counts; fails when one grew.",
        customSynopsis = {"profq check BASELINE CURRENT [--rules FILE] [--junit FILE] [--format=table|csv|json|markdown]",
                "profq check --save FILE RECORDING"},
        description = {"%nBASELINE is a recording or a baseline file (profq check --save writes one); CURRENT is a recording."
                + " The counts are exact, the same on every run of a deterministic program: calls of each method, objects and"
                + " bytes allocated at each site, exceptions thrown at each site (as far as both runs recorded them). Every count"
                + " that differs is listed, those that grew first; one that grew fails the check, unless --rules gives the rules instead:"
                + " one a line, KIND GLOB <= N (a budget on the current run's counts together) or KIND GLOB grows <= N[%]"
                + " (how much each count may grow), KIND one of calls, objects, bytes, throws; calls GLOB inside GLOB <= N is a"
                + " budget of the calls made inside a call of a method the second glob names (a call forbidden there: <= 0).%n"},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no exact count grew (no rule broken), or the baseline was saved",
                "1:a count grew (a rule was broken), or a recording or file could not be read",
                "2:usage error"})
public final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..2", paramLabel = "RUN", description = "BASELINE CURRENT, or with --save the one RECORDING.")
    List<String> runs = new ArrayList<>();

    @Option(names = "--save", paramLabel = "FILE", description = "Write RECORDING's exact counts to FILE, a baseline to compare later runs with.")
    Path save;

    @Option(names = "--rules", paramLabel = "FILE", description = "Check these rules instead of \"no count grew\".")
    Path rulesFile;

    @Option(names = "--junit", paramLabel = "FILE", description = "Also write the outcome as a JUnit XML report, a test case per rule.")
    Path junit;

    @Option(names = "--format", paramLabel = "FORMAT", description = "How to print the differences: table (default), csv, json or markdown.")
    String format = "table";

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (save != null) {
            if (runs.size() != 1) {
                throw new ParameterException(spec.commandLine(), "--save takes one recording: profq check --save FILE RECORDING.");
            }
            ExactCounts counts = countsOf(runs.get(0), false);
            try {
                BaselineFile.write(counts, save);
            } catch (IOException e) {
                throw new CommandFailure("cannot write " + save + " (" + e.getMessage() + "); choose a writable file.", e);
            }
            out.printf("profq: wrote %,d exact counts (%s) of %s to %s.%n", counts.size(), words(counts.kinds()), runs.get(0), save);
            return 0;
        }
        if (runs.size() != 2) {
            throw new ParameterException(spec.commandLine(), "name a baseline and the current recording: profq check BASELINE CURRENT.");
        }
        OutputFormat output = outputFormat();
        CheckRules rules = rules();
        ExactCounts baseline = countsOf(runs.get(0), false);
        if (rules.firstInside().isPresent() && Files.isRegularFile(Path.of(runs.get(1)))) {
            throw new CommandFailure("the rule at line " + rules.firstInside().get().line() + " of " + rulesFile + " counts calls inside a"
                    + " method, which a baseline file does not hold; give the current run as a recording.");
        }
        ExactCounts current = countsOf(runs.get(1), rules.firstInside().isPresent());
        CountComparison comparison;
        try {
            comparison = CountComparison.of(baseline, current);
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(e.getMessage() + ".", e);
        }
        List<CheckRule> unchecked = rules.unchecked(comparison);
        if (!unchecked.isEmpty()) {
            CheckRule rule = unchecked.get(0);
            throw new CommandFailure("the rule at line " + rule.line() + " of " + rulesFile + " counts " + rule.kind().word()
                    + ", which the runs did not both record; record them with the event families the rules need.");
        }
        if (!comparison.differences().isEmpty()) {
            out.print(ResultPrinter.print(table(comparison), output, 0));
        }
        List<CheckRule.Break> breaks = rules.breaks(comparison, baseline, current);
        if (junit != null) {
            try {
                JUnitReport.write(junit, rules.rules().stream().filter(rule -> comparison.compared().contains(rule.kind())).toList(), breaks);
            } catch (IOException e) {
                throw new CommandFailure("cannot write " + junit + " (" + e.getMessage() + "); choose a writable file.", e);
            }
        }
        // after a table, for people; apart from CSV, JSON and Markdown, which other programs read
        PrintWriter verdict = output == OutputFormat.TABLE ? out : spec.commandLine().getErr();
        if (rulesFile == null) {
            verdict.println(verdict(comparison, comparison.grown()));
        } else {
            breaks.forEach(broken -> verdict.println("  line " + broken.rule().line() + ", " + broken.rule().text() + ": " + broken.why()));
            verdict.println(rulesVerdict(comparison, breaks));
        }
        verdict.flush();
        out.flush();
        return breaks.isEmpty() ? 0 : 1;
    }

    private CheckRules rules() {
        if (rulesFile == null) {
            return CheckRules.none();
        }
        try {
            return CheckRules.read(rulesFile);
        } catch (IOException e) {
            throw new CommandFailure("cannot read the rules " + rulesFile + " (" + e.getMessage() + ").", e);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage() + ".");
        }
    }

    private OutputFormat outputFormat() {
        try {
            return OutputFormat.lineFormat(format);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The exact counts of {@code run}: a recording directory, or a baseline file. */
    private ExactCounts countsOf(String run, boolean contexts) {
        Path path = Path.of(run);
        if (Files.isRegularFile(path)) {
            try {
                return BaselineFile.read(path);
            } catch (IOException e) {
                throw new CommandFailure("cannot read " + run + " (" + e.getMessage() + ").", e);
            } catch (IllegalArgumentException e) {
                throw new CommandFailure(e.getMessage() + ".", e);
            }
        }
        try (Connection connection = RecordingConnections.connect(spec, List.of(run))) {
            return ExactCounts.read(connection, kindsRecorded(connection, run), contexts);
        } catch (SQLException e) {
            throw RecordingConnections.openFailure(e);
        }
    }

    private static Set<CountKind> kindsRecorded(Connection connection, String run) throws SQLException {
        String options;
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery("SELECT options FROM run")) {
            rows.next();
            options = rows.getString(1);
        }
        Set<EventFamily> families = RecordedFamilies.recorded(options).orElseThrow(() -> new CommandFailure(run
                + " was recorded by a newer profq, whose options this one cannot read (" + options + "); use that profq."));
        return ExactCounts.kindsOf(families.contains(EventFamily.CALLS), families.contains(EventFamily.ALLOCATIONS),
                families.contains(EventFamily.EXCEPTIONS));
    }

    private static ResultTable table(CountComparison comparison) {
        List<List<Object>> rows = new ArrayList<>();
        for (CountComparison.Difference difference : comparison.differences()) {
            rows.add(List.of(difference.kind().word(), difference.subject(), difference.baseline(), difference.current(),
                    difference.change(), difference.grew() ? "grew" : "shrank"));
        }
        return new ResultTable(List.of("count", "subject", "baseline", "current", "change", "verdict"),
                List.of("VARCHAR", "VARCHAR", "BIGINT", "BIGINT", "BIGINT", "VARCHAR"), List.of(false, false, true, true, true, false), rows);
    }

    private static String verdict(CountComparison comparison, List<CountComparison.Difference> grown) {
        String compared = String.format("%,d exact counts compared (%s)", comparison.countsCompared(), words(comparison.compared()));
        if (comparison.differences().isEmpty()) {
            return "profq check: ok, " + compared + ", all the same.";
        }
        if (grown.isEmpty()) {
            return "profq check: ok, " + compared + ": " + comparison.differences().size() + " shrank, none grew.";
        }
        CountComparison.Difference first = grown.get(0);
        return "profq check: failed, " + compared + ": " + grown.size() + (grown.size() == 1 ? " grew" : " grew, the first")
                + ": " + first.kind().meaning().replace("a method", first.subject()).replace("a site", first.subject())
                + String.format(", %,d -> %,d.", first.baseline(), first.current());
    }

    private static String rulesVerdict(CountComparison comparison, List<CheckRule.Break> breaks) {
        String compared = String.format("%,d exact counts compared (%s)", comparison.countsCompared(), words(comparison.compared()));
        return breaks.isEmpty() ? "profq check: ok, " + compared + ", no rule broken."
                : "profq check: failed, " + compared + ": " + breaks.size() + (breaks.size() == 1 ? " rule broken." : " breaks of the rules.");
    }

    private static String words(Set<CountKind> kinds) {
        return kinds.isEmpty() ? "none" : String.join(", ", kinds.stream().map(CountKind::word).toList());
    }
}
