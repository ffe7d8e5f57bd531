package org.profq.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rules profq check applies: by default, that no count of any kind grew; from a rules file,
 * its lines ({@link CheckRule}), one a line, {@code #} starting a comment:
 * <pre>
 * objects  com.example.Parser.*                  &lt;= 1000
 * contexts *;com.example.Server.handle(*);*      grows &lt;= 0
 * calls    java.util.regex.Pattern.compile(*)    &lt;= 0
 * calls    *                                     grows &lt;= 10%
 * sql SELECT COUNT(*) FROM calls WHERE stack LIKE '%.handle(%;%.compile(%'  &lt;= 0
 * </pre>
 */
public final class CheckRules {
    private static final Pattern LINE = Pattern.compile(
            "(\\S+)\\s+(\\S+)(?:\\s+inside\\s+(\\S+))?\\s+(grows\\s*)?<=\\s*([0-9][0-9_,]*)\\s*(%?)");
    private static final Pattern TIME_LINE = Pattern.compile("time\\s+(\\S+)\\s+grows\\s*<=\\s*([0-9]+)\\s*%(?:\\s+or\\s+([0-9]+)\\s*ms)?");

    private static final Pattern QUERY_LINE = Pattern.compile("sql\\s+(.+)<=\\s*([0-9][0-9_,]*)");

    private final List<CheckRule> rules;
    private final List<TimeRule> timeRules;
    private final List<QueryRule> queryRules;

    private CheckRules(List<CheckRule> rules, List<TimeRule> timeRules, List<QueryRule> queryRules) {
        this.rules = List.copyOf(rules);
        this.timeRules = List.copyOf(timeRules);
        this.queryRules = List.copyOf(queryRules);
    }

    /** No count of any kind may grow. */
    public static CheckRules none() {
        List<CheckRule> rules = new ArrayList<>();
        for (CountKind kind : CountKind.values()) {
            rules.add(new CheckRule(0, kind.word() + " * grows <= 0", kind, "*", CheckRule.Limit.GROWTH, 0, null));
        }
        return new CheckRules(rules, List.of(), List.of());
    }

    /** These rules and {@code time * grows <= percent%} (profq check's --time-tolerance, whose text is {@code option}). */
    public CheckRules withTimeTolerance(long percent, String option) {
        List<TimeRule> times = new ArrayList<>(timeRules);
        times.add(new TimeRule(0, option, "*", percent, TimeRule.DEFAULT_FLOOR_MILLIS * 1_000_000L));
        return new CheckRules(rules, times, queryRules);
    }

    /** The rules of {@code file}; an IllegalArgumentException naming the line that is not a rule. */
    public static CheckRules read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<CheckRule> rules = new ArrayList<>();
        List<TimeRule> timeRules = new ArrayList<>();
        List<QueryRule> queryRules = new ArrayList<>();
        for (int number = 1; number <= lines.size(); number++) {
            String text = lines.get(number - 1);
            int comment = text.indexOf('#');
            String rule = (comment < 0 ? text : text.substring(0, comment)).strip();
            if (rule.isEmpty()) {
                continue;
            }
            if (rule.startsWith("sql ")) {
                Matcher query = QUERY_LINE.matcher(text.strip()); // the whole line: a # may be inside the query's strings
                if (!query.matches()) {
                    throw new IllegalArgumentException("line " + number + " of " + file + " is not a query's budget: write sql QUERY <= N,"
                            + " QUERY giving one number of the current run");
                }
                queryRules.add(new QueryRule(number, text.strip(), query.group(1).strip(),
                        Long.parseLong(query.group(2).replace("_", "").replace(",", ""))));
                continue;
            }
            if (rule.startsWith("time ")) {
                timeRules.add(timeRule(rule, number, file));
                continue;
            }
            Matcher matcher = LINE.matcher(rule);
            if (!matcher.matches()) {
                throw new IllegalArgumentException("line " + number + " of " + file + " is not a rule: write KIND GLOB <= N (a budget)"
                        + " or KIND GLOB grows <= N[%], KIND one of calls, contexts, objects, bytes, throws, or calls GLOB inside GLOB <= N,"
                        + " or time GLOB grows <= N% [or N ms], or sql QUERY <= N");
            }
            CountKind kind;
            try {
                kind = CountKind.of(matcher.group(1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + number + " of " + file + ": " + e.getMessage(), e);
            }
            String inside = matcher.group(3);
            boolean grows = matcher.group(4) != null;
            boolean percent = !matcher.group(6).isEmpty();
            if (inside != null && (kind != CountKind.CALLS || grows)) {
                throw new IllegalArgumentException("line " + number + " of " + file + ": inside keeps a budget of calls to a calling"
                        + " context (calls GLOB inside GLOB <= N); it takes no other kind and no growth");
            }
            if (percent && !grows) {
                throw new IllegalArgumentException("line " + number + " of " + file + " gives a budget in percent; a budget is a"
                        + " number of counts, a share is for growth (KIND GLOB grows <= N%)");
            }
            long amount = Long.parseLong(matcher.group(5).replace("_", "").replace(",", ""));
            CheckRule.Limit limit = !grows ? CheckRule.Limit.BUDGET : percent ? CheckRule.Limit.GROWTH_PERCENT : CheckRule.Limit.GROWTH;
            rules.add(new CheckRule(number, rule, kind, matcher.group(2), limit, amount, inside));
        }
        if (rules.isEmpty() && timeRules.isEmpty() && queryRules.isEmpty()) {
            throw new IllegalArgumentException(file + " has no rules; write one a line, e.g. objects com.example.* <= 1000");
        }
        return new CheckRules(rules, timeRules, queryRules);
    }

    private static TimeRule timeRule(String rule, int number, Path file) {
        Matcher matcher = TIME_LINE.matcher(rule);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("line " + number + " of " + file + " is not a time rule: times differ from run to run,"
                    + " so a rule on them is a tolerance, time GLOB grows <= N% (or N ms, whichever is more; "
                    + TimeRule.DEFAULT_FLOOR_MILLIS + " ms if not given)");
        }
        long floorMillis = matcher.group(3) == null ? TimeRule.DEFAULT_FLOOR_MILLIS : Long.parseLong(matcher.group(3));
        return new TimeRule(number, rule, matcher.group(1), Long.parseLong(matcher.group(2)), floorMillis * 1_000_000L);
    }

    /** The first rule that counts calls inside a calling context, which needs a recording's calling contexts; empty if none does. */
    public java.util.Optional<CheckRule> firstInside() {
        return rules.stream().filter(rule -> rule.insideGlob() != null).findFirst();
    }

    /** The rules on exact counts, in the file's order. */
    public List<CheckRule> rules() {
        return rules;
    }

    /** The tolerances on time, in the file's order, then --time-tolerance's. */
    public List<TimeRule> timeRules() {
        return timeRules;
    }

    /** The budgets on queries, in the file's order. */
    public List<QueryRule> queryRules() {
        return queryRules;
    }

    /** The query rules' breaks on the recording open on {@code current}; an IllegalArgumentException for a query that fails or gives no number. */
    public List<CheckRule.Break> queryBreaks(java.sql.Connection current) {
        List<CheckRule.Break> breaks = new ArrayList<>();
        for (QueryRule rule : queryRules) {
            breaks.addAll(rule.breaks(current));
        }
        return breaks;
    }

    /** The rules' breaks, in the rules' order, of the kinds both runs counted. */
    public List<CheckRule.Break> breaks(CountComparison comparison, ExactCounts baseline, ExactCounts current) {
        List<CheckRule.Break> breaks = new ArrayList<>();
        for (CheckRule rule : rules) {
            if (comparison.compared().contains(rule.kind())) {
                breaks.addAll(rule.breaks(baseline, current));
            }
        }
        return breaks;
    }

    /** The tolerances' breaks, by the clock both runs recorded ({@link MethodTimes#clock}), in the rules' order. */
    public List<CheckRule.Break> timeBreaks(MethodTimes baseline, MethodTimes current) {
        MethodTimes.Clock clock = MethodTimes.clock(baseline, current);
        List<CheckRule.Break> breaks = new ArrayList<>();
        for (TimeRule rule : timeRules) {
            breaks.addAll(rule.breaks(clock, baseline.of(clock), current.of(clock)));
        }
        return breaks;
    }

    /** The rules of kinds the comparison did not compare: they could not be checked. */
    public List<CheckRule> unchecked(CountComparison comparison) {
        return rules.stream().filter(rule -> rule.line() > 0 && !comparison.compared().contains(rule.kind())).toList();
    }
}
