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
import org.profq.check.MethodTimes;
import org.profq.check.Rule;
import org.profq.check.TimeRule;
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
 * method and per calling context, objects and bytes per allocation site, throws per throw site) and fails when one grew,
 * naming it; {@code --save FILE RECORDING} keeps a run's counts as a baseline file.
 */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        versionProvider = ManifestVersion.class,
        sortOptions = false,
        header = "Compares two runs' exact counts; fails when one grew.",
        customSynopsis = {"profq check BASELINE CURRENT [--rules FILE] [--time-tolerance PERCENT] [--junit FILE]"
                + " [--format=table|csv|json|markdown]",
                "profq check --save FILE RECORDING"},
        description = {"%nBASELINE is a recording or a baseline file (profq check --save writes one); CURRENT is a recording."
                + " The counts are exact, the same on every run of a deterministic program: calls of each method, calls in each"
                + " calling context (the signatures from a thread's outermost recorded call down to the method, joined by ;),"
                + " objects and bytes allocated at each site, exceptions thrown at each site (as far as both runs recorded them). Every count"
                + " that differs is listed, those that grew first; one that grew fails the check, unless --rules gives the rules instead:"
                + " one a line, KIND GLOB <= N (a budget on the current run's counts together) or KIND GLOB grows <= N[%]"
                + " (how much each count may grow), KIND one of calls, contexts, objects, bytes, throws; calls GLOB inside GLOB <= N is a"
                + " budget of the calls made inside a call of a method the second glob names (a call forbidden there: <= 0);"
                + " sql QUERY <= N is a budget on the one number a query of the current recording gives."
                + " Times differ from run to run, so they fail a check only within a tolerance you state: time GLOB grows <= N%"
                + " [or N ms] (each method's self time, CPU time if both runs recorded it, else wall time, may grow by N %, or by"
                + " the milliseconds given, " + TimeRule.DEFAULT_FLOOR_MILLIS + " if none, whichever is more), or --time-tolerance"
                + " for every method. Times are compared between two recordings, made on the same machine, never from a"
                + " baseline file.%n"},
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

    @Option(names = "--time-tolerance", paramLabel = "PERCENT", description = "Also fail when a method's self time grew by"
            + " more than PERCENT (e.g. 20%%) and by more than " + TimeRule.DEFAULT_FLOOR_MILLIS + " ms: time * grows <= PERCENT.")
    String timeTolerance;

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
            ExactCounts counts = countsOf(runs.get(0));
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
        boolean times = !rules.timeRules().isEmpty();
        if (!rules.queryRules().isEmpty() && Files.isRegularFile(Path.of(runs.get(1)))) {
            throw new CommandFailure("the rule at line " + rules.queryRules().get(0).line() + " of " + rulesFile + " queries the current"
                    + " run, which a baseline file such as " + runs.get(1) + " cannot answer; give the current run as a recording.");
        }
        if (times) {
            runs.stream().filter(run -> Files.isRegularFile(Path.of(run))).findFirst().ifPresent(file -> {
                throw new CommandFailure(where(rules.timeRules().get(0)) + " compares times, which a baseline file such as " + file
                        + " does not hold (a time measured elsewhere says nothing of this run); compare two recordings made on the"
                        + " same machine.");
            });
        }
        Run baseline = runOf(runs.get(0), times);
        Run current = runOf(runs.get(1), times);
        CountComparison comparison;
        try {
            comparison = CountComparison.of(baseline.counts(), current.counts());
        } catch (IllegalArgumentException e) {
            throw new CommandFailure(e.getMessage() + ".", e);
        }
        if (rules.firstInside().isPresent() && !current.counts().kinds().contains(CountKind.CONTEXTS)) {
            throw new CommandFailure("the rule at line " + rules.firstInside().get().line() + " of " + rulesFile + " counts calls inside a"
                    + " method, which needs the calls by calling context; " + runs.get(1) + " does not count them (record calls, or save"
                    + " the baseline again with this profq).");
        }
        List<CheckRule> unchecked = rules.unchecked(comparison);
        if (!unchecked.isEmpty()) {
            CheckRule rule = unchecked.get(0);
            throw new CommandFailure("the rule at line " + rule.line() + " of " + rulesFile + " counts " + rule.kind().word()
                    + ", which the runs did not both record; record them with the event families the rules need.");
        }
        if (times && !(comparison.compared().contains(CountKind.CALLS))) {
            throw new CommandFailure(where(rules.timeRules().get(0)) + " compares the methods' times, which the runs did not both"
                    + " record; record them with calls among the --events.");
        }
        List<CheckRule.Break> breaks = new ArrayList<>(rules.breaks(comparison, baseline.counts(), current.counts()));
        if (!rules.queryRules().isEmpty()) {
            try (Connection connection = RecordingConnections.connect(spec, List.of(runs.get(1)))) {
                breaks.addAll(rules.queryBreaks(connection));
            } catch (SQLException e) {
                throw RecordingConnections.openFailure(e);
            } catch (IllegalArgumentException e) {
                throw new CommandFailure(e.getMessage() + " (" + rulesFile + ").", e);
            }
        }
        List<List<Object>> slower = new ArrayList<>();
        String timeSummary = "";
        if (times) {
            breaks.addAll(rules.timeBreaks(baseline.times(), current.times()));
            MethodTimes.Clock clock = MethodTimes.clock(baseline.times(), current.times());
            slower = slowerRows(rules, clock, baseline.times(), current.times());
            timeSummary = String.format("; %s of %,d methods compared", clock.meaning(), current.times().of(clock).size());
        }
        if (!comparison.differences().isEmpty() || !slower.isEmpty()) {
            out.print(ResultPrinter.print(table(comparison, slower), output, 0));
        }
        if (junit != null) {
            List<Rule> checked = new ArrayList<>(rules.rules().stream().filter(rule -> comparison.compared().contains(rule.kind())).toList());
            checked.addAll(rules.timeRules());
            checked.addAll(rules.queryRules());
            try {
                JUnitReport.write(junit, checked, breaks);
            } catch (IOException e) {
                throw new CommandFailure("cannot write " + junit + " (" + e.getMessage() + "); choose a writable file.", e);
            }
        }
        // after a table, for people; apart from CSV, JSON and Markdown, which other programs read
        PrintWriter verdict = output == OutputFormat.TABLE ? out : spec.commandLine().getErr();
        if (rulesFile == null) {
            List<CheckRule.Break> timeBreaks = breaks.stream().filter(broken -> broken.rule() instanceof TimeRule).toList();
            verdict.println(verdict(comparison, comparison.grown(), timeSummary, timeBreaks, rules.timeRules()));
        } else {
            breaks.forEach(broken -> verdict.println("  " + broken.rule().where() + ": " + broken.why()));
            verdict.println(rulesVerdict(comparison, breaks, timeSummary));
        }
        verdict.flush();
        out.flush();
        return breaks.isEmpty() ? 0 : 1;
    }

    private CheckRules rules() {
        CheckRules rules;
        if (rulesFile == null) {
            rules = CheckRules.none();
        } else {
            try {
                rules = CheckRules.read(rulesFile);
            } catch (IOException e) {
                throw new CommandFailure("cannot read the rules " + rulesFile + " (" + e.getMessage() + ").", e);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage() + ".");
            }
        }
        if (timeTolerance == null) {
            return rules;
        }
        java.util.regex.Matcher percent = java.util.regex.Pattern.compile("([0-9]{1,9})\\s*%?").matcher(timeTolerance.strip());
        if (!percent.matches()) {
            throw new ParameterException(spec.commandLine(), "--time-tolerance takes a percentage, such as 20%, not '" + timeTolerance + "'.");
        }
        return rules.withTimeTolerance(Long.parseLong(percent.group(1)), "--time-tolerance " + percent.group(1) + "%");
    }

    private static String where(Rule rule) {
        return rule.line() > 0 ? "the rule at line " + rule.line() : rule.text();
    }

    /** A run's exact counts, and with a time rule its methods' self times (else null). */
    private record Run(ExactCounts counts, MethodTimes times) {
    }

    /** The rows of the methods slower than a time rule allows, each once, in signature order. */
    private static List<List<Object>> slowerRows(CheckRules rules, MethodTimes.Clock clock, MethodTimes baseline, MethodTimes current) {
        java.util.SortedMap<String, TimeRule.Slower> slower = new java.util.TreeMap<>();
        for (TimeRule rule : rules.timeRules()) {
            rule.slower(baseline.of(clock), current.of(clock)).forEach(method -> slower.putIfAbsent(method.method(), method));
        }
        List<List<Object>> rows = new ArrayList<>();
        slower.values().forEach(method -> rows.add(List.of(clock.column(), method.method(), method.baselineNanos(), method.currentNanos(),
                method.currentNanos() - method.baselineNanos(), "slower")));
        return rows;
    }

    private OutputFormat outputFormat() {
        try {
            return OutputFormat.lineFormat(format);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The exact counts of {@code run} (a recording directory), and with {@code times} its methods' self times. */
    private Run runOf(String run, boolean times) {
        if (!times) {
            return new Run(countsOf(run), null);
        }
        try (Connection connection = RecordingConnections.connect(spec, List.of(run))) {
            return new Run(ExactCounts.read(connection, kindsRecorded(connection, run)), MethodTimes.read(connection));
        } catch (SQLException e) {
            throw RecordingConnections.openFailure(e);
        }
    }

    /** The exact counts of {@code run}: a recording directory, or a baseline file. */
    private ExactCounts countsOf(String run) {
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
            return ExactCounts.read(connection, kindsRecorded(connection, run));
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

    private static ResultTable table(CountComparison comparison, List<List<Object>> slower) {
        List<List<Object>> rows = new ArrayList<>();
        for (CountComparison.Difference difference : comparison.differences()) {
            rows.add(List.of(difference.kind().word(), difference.subject(), difference.baseline(), difference.current(),
                    difference.change(), difference.grew() ? "grew" : "shrank"));
        }
        rows.addAll(slower);
        return new ResultTable(List.of("count", "subject", "baseline", "current", "change", "verdict"),
                List.of("VARCHAR", "VARCHAR", "BIGINT", "BIGINT", "BIGINT", "VARCHAR"), List.of(false, false, true, true, true, false), rows);
    }

    /**
     * The verdict of the default rule (no count grew), and of --time-tolerance if given: the counts'
     * part, then the times' ({@code timeSummary} says what was compared; empty without a tolerance).
     */
    private static String verdict(CountComparison comparison, List<CountComparison.Difference> grown, String timeSummary,
                                  List<CheckRule.Break> timeBreaks, List<TimeRule> timeRules) {
        String compared = String.format("%,d exact counts compared (%s)", comparison.countsCompared(), words(comparison.compared()));
        String counts;
        if (comparison.differences().isEmpty()) {
            counts = compared + ", all the same";
        } else if (grown.isEmpty()) {
            counts = compared + ": " + comparison.differences().size() + " shrank, none grew";
        } else {
            CountComparison.Difference first = grown.get(0);
            counts = compared + ": " + grown.size() + (grown.size() == 1 ? " grew" : " grew, the first")
                    + ": " + first.kind().meaningOf(first.subject())
                    + String.format(", %,d -> %,d", first.baseline(), first.current());
        }
        String time = "";
        if (!timeSummary.isEmpty()) {
            String tolerance = timeRules.get(timeRules.size() - 1).tolerance();
            time = timeSummary + (timeBreaks.isEmpty() ? ", none slower than allowed (" + tolerance + ")"
                    : ": " + timeBreaks.size() + " slower than allowed (" + tolerance + ")" + (timeBreaks.size() == 1 ? ": " : ", the first: ")
                    + timeBreaks.get(0).why());
        }
        boolean failed = !grown.isEmpty() || !timeBreaks.isEmpty();
        return "profq check: " + (failed ? "failed, " : "ok, ") + counts + time + ".";
    }

    private static String rulesVerdict(CountComparison comparison, List<CheckRule.Break> breaks, String timeSummary) {
        String compared = String.format("%,d exact counts compared (%s)", comparison.countsCompared(), words(comparison.compared()))
                + timeSummary;
        return breaks.isEmpty() ? "profq check: ok, " + compared + ", no rule broken."
                : "profq check: failed, " + compared + ": " + breaks.size() + (breaks.size() == 1 ? " rule broken." : " breaks of the rules.");
    }

    private static String words(Set<CountKind> kinds) {
        return kinds.isEmpty() ? "none" : String.join(", ", kinds.stream().map(CountKind::word).toList());
    }
}
