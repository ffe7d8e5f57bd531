package org.profq.lang;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.profq.lang.ProfqParser.AndConditionContext;
import org.profq.lang.ProfqParser.ClauseContext;
import org.profq.lang.ProfqParser.ColumnsClauseContext;
import org.profq.lang.ProfqParser.CompareClauseContext;
import org.profq.lang.ProfqParser.ComparisonConditionContext;
import org.profq.lang.ProfqParser.ConditionContext;
import org.profq.lang.ProfqParser.FlagValueContext;
import org.profq.lang.ProfqParser.GroupConditionContext;
import org.profq.lang.ProfqParser.NameContext;
import org.profq.lang.ProfqParser.NotConditionContext;
import org.profq.lang.ProfqParser.OrConditionContext;
import org.profq.lang.ProfqParser.OrderClauseContext;
import org.profq.lang.ProfqParser.PatternContext;
import org.profq.lang.ProfqParser.ProfileContext;
import org.profq.lang.ProfqParser.QuantityValueContext;
import org.profq.lang.ProfqParser.TextValueContext;
import org.profq.lang.ProfqParser.TopClauseContext;
import org.profq.lang.ProfqParser.ValueContext;
import org.profq.lang.ProfqParser.WhereClauseContext;

/**
 * Compiles one statement of the language to SQL over the profile views. The SQL is meant to
 * be read: a user who asks {@code \sql heap by method top 10} learns the query it stands for.
 * Filters on code (method, class, package) become {@code LIKE} over signatures or sub-queries
 * over {@code methods} and {@code classes}; quantities with units become ns or bytes; every
 * name is checked against the catalog, so a misspelling fails here with a suggestion rather
 * than in the SQL engine.
 */
final class ProfqCompiler {
    private static final String INDENT = "    ";

    private final String statement;
    private final ProfileCatalog catalog;
    private final StatementErrors errors;
    private final Quantities quantities;
    private Profile profile;
    private ColumnResolver resolver;
    private List<ProfileCatalog.Column> columns;
    /** What a thread name is called where a thread filter is being compiled: calls_of's thread, or threads' name. */
    private String threadColumn = "thread";
    /** The statement's thread filter, once compiled; null when it has none. */
    private ThreadFilter threadFilter;

    private ProfqCompiler(String statement, ProfileCatalog catalog) {
        this.statement = statement;
        this.catalog = catalog;
        this.errors = new StatementErrors(statement);
        this.quantities = new Quantities(errors);
    }

    static String compile(String statement, ProfileCatalog catalog) {
        return new ProfqCompiler(statement, catalog).compile();
    }

    /** The thread filter of {@code statement}, which compiles; empty when it has none. */
    static Optional<ThreadFilter> threadFilter(String statement, ProfileCatalog catalog) {
        ProfqCompiler compiler = new ProfqCompiler(statement, catalog);
        compiler.compile();
        return Optional.ofNullable(compiler.threadFilter);
    }

    /** The parse tree of {@code statement}; a LanguageException at its first syntax error. */
    static ProfqParser.StatementContext parse(String statement) {
        ProfqLexer lexer = new ProfqLexer(CharStreams.fromString(statement));
        lexer.removeErrorListeners(); // every character is some token (UNKNOWN at worst): the lexer cannot fail
        ProfqParser parser = new ProfqParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        parser.addErrorListener(new SyntaxErrors(statement));
        return parser.statement();
    }

    private String compile() {
        ProfqParser.StatementContext tree = parse(statement);
        ProfileContext profileContext = tree.profile();
        profile = Profile.of(profileContext);
        resolver = new ColumnResolver(profile, errors);
        Map<Class<?>, ClauseContext> clauses = new LinkedHashMap<>();
        for (ClauseContext clause : tree.clause()) {
            if (clauses.put(clause.getClass(), clause) != null) {
                String word = clause.getStart().getText().toLowerCase(Locale.ROOT);
                throw error(clause.getStart(), "'" + word + "' is given twice; "
                        + (clause instanceof WhereClauseContext ? "join the conditions with and" : "keep one"));
            }
        }
        columns = profile == Profile.CALLS_OF ? Profile.CALLS_OF_COLUMNS : catalog.columns(profile.relation);
        if (columns.isEmpty()) {
            throw error(profileContext.getStart(), profileContext.getStop(),
                    profile.form + " reads the view " + profile.relation + ", which this database does not have");
        }
        PatternContext pattern = Profile.patternOf(profileContext);
        CompareClauseContext compare = (CompareClauseContext) clauses.get(CompareClauseContext.class);
        WhereClauseContext where = (WhereClauseContext) clauses.get(WhereClauseContext.class);
        StringBuilder sql = new StringBuilder();
        List<ProfileCatalog.Column> output = columns;
        String relation = profile.relation;
        String defaultOrder = profile.defaultOrder;
        List<ConditionContext> threadFilters = threadFilters(where);
        if (!threadFilters.isEmpty()) {
            if (compare != null) {
                throw error(threadFilters.get(0).getStart(), threadFilters.get(0).getStop(), "a thread filter cannot be"
                        + " combined with compare yet; compare the whole recordings, or ask each one alone");
            }
            sql.append("WITH ").append(threadRows(threadFilters, profileContext));
        }
        if (compare != null) {
            output = compareColumns(compare);
            relation = "compared";
            defaultOrder = "ABS(diff_" + profile.compareValue + ") DESC, " + String.join(", ", profile.compareKeys);
            sql.append(compare(compare, pattern, where));
        } else if (profile == Profile.CALLS_OF) {
            sql.append("WITH calls_of AS (\n")
                    .append(INDENT).append("SELECT c.call_id, c.thread_id, t.name AS thread, c.method_id, m.signature,")
                    .append(" c.depth, c.start_ns, c.duration_ns, c.self_ns, c.threw\n")
                    .append(INDENT).append("FROM calls AS c\n")
                    .append(INDENT).append("JOIN methods AS m ON m.method_id = c.method_id\n")
                    .append(INDENT).append("JOIN threads AS t ON t.thread_id = c.thread_id\n")
                    .append(INDENT).append("WHERE ").append(PatternSql.like("m.signature", pattern, false)).append('\n')
                    .append(")\n");
        }
        ColumnsClauseContext chosen = (ColumnsClauseContext) clauses.get(ColumnsClauseContext.class);
        sql.append("SELECT ").append(chosen == null ? "*" : resolver.selectList(chosen, output, compare == null)).append('\n');
        sql.append("FROM ").append(relation).append('\n');
        if (compare == null) {
            List<String> conditions = new ArrayList<>();
            if (profile == Profile.TREE && pattern != null) {
                conditions.add(PatternSql.under(pattern));
            }
            if (profile == Profile.VALUES_OF) {
                conditions.add(PatternSql.like("signature", pattern, false));
            }
            Condition filter = where == null ? null
                    : threadFilters.isEmpty() ? condition(where.condition(), "") : conditionWithout(where.condition(), threadFilters);
            if (filter != null) {
                conditions.add(conditions.isEmpty() || !filter.or ? filter.sql : "(" + filter.sql + ")");
            }
            if (!conditions.isEmpty()) {
                sql.append("WHERE ").append(String.join(" AND ", conditions)).append('\n');
            }
        }
        OrderClauseContext order = (OrderClauseContext) clauses.get(OrderClauseContext.class);
        sql.append("ORDER BY ").append(order == null ? defaultOrder : resolver.orderList(order, output, compare == null));
        TopClauseContext top = (TopClauseContext) clauses.get(TopClauseContext.class);
        if (top != null) {
            sql.append("\nLIMIT ").append(top.count.getType() == ProfqParser.PARAMETER ? top.count.getText() : quantities.wholeNumber(top.count));
        }
        return sql.toString();
    }

    // ---- thread filters

    /**
     * The conditions of {@code where}, and-ed with the rest, that only name threads: they choose
     * the rows the profile adds up rather than filter its sums. A thread condition or-ed with a
     * condition on the sums means neither, and is refused.
     */
    private List<ConditionContext> threadFilters(WhereClauseContext where) {
        List<ConditionContext> threadFilters = new ArrayList<>();
        if (where == null || profile.threadRows() == null) {
            return threadFilters;
        }
        List<ConditionContext> conjuncts = new ArrayList<>();
        conjuncts(where.condition(), conjuncts);
        for (ConditionContext conjunct : conjuncts) {
            List<ComparisonConditionContext> comparisons = new ArrayList<>();
            comparisons(conjunct, comparisons);
            long onThreads = comparisons.stream().filter(ProfqCompiler::isThread).count();
            if (onThreads == comparisons.size()) {
                threadFilters.add(conjunct);
            } else if (onThreads > 0) {
                throw error(conjunct.getStart(), conjunct.getStop(), "a thread filter chooses the rows " + profile.form
                        + " adds up, so it cannot be or-ed with a condition on the sums; join it to the rest with and");
            }
        }
        return threadFilters;
    }

    private static void conjuncts(ConditionContext condition, List<ConditionContext> conjuncts) {
        if (condition instanceof AndConditionContext and) {
            conjuncts(and.condition(0), conjuncts);
            conjuncts(and.condition(1), conjuncts);
        } else if (condition instanceof GroupConditionContext group) {
            conjuncts(group.condition(), conjuncts);
        } else {
            conjuncts.add(condition);
        }
    }

    private static void comparisons(ConditionContext condition, List<ComparisonConditionContext> comparisons) {
        if (condition instanceof ComparisonConditionContext comparison) {
            comparisons.add(comparison);
        } else {
            condition.getRuleContexts(ConditionContext.class).forEach(inner -> comparisons(inner, comparisons));
        }
    }

    private static boolean isThread(ComparisonConditionContext comparison) {
        return comparison.name().getText().equalsIgnoreCase("thread");
    }

    /** The conjuncts of {@code condition} but {@code left out}, and-ed; null if none remain. */
    private Condition conditionWithout(ConditionContext condition, List<ConditionContext> leftOut) {
        List<ConditionContext> conjuncts = new ArrayList<>();
        conjuncts(condition, conjuncts);
        conjuncts.removeAll(leftOut);
        if (conjuncts.isEmpty()) {
            return null;
        }
        if (conjuncts.size() == 1) {
            return condition(conjuncts.get(0), "");
        }
        return new Condition(conjuncts.stream().map(conjunct -> bracket(condition(conjunct, "")))
                .collect(Collectors.joining(" AND ")), false);
    }

    /** The WITH items that define the profile's view over the rows of the threads {@code threadFilters} name. */
    private String threadRows(List<ConditionContext> threadFilters, ProfileContext profileContext) {
        threadColumn = "name";
        String names = threadFilters.stream().map(filter -> bracket(condition(filter, "")))
                .collect(Collectors.joining(" AND "));
        threadColumn = "thread";
        threadFilter = new ThreadFilter(statement.substring(threadFilters.get(0).getStart().getStartIndex(),
                threadFilters.get(threadFilters.size() - 1).getStop().getStopIndex() + 1), names);
        String kept = "thread_id IN (SELECT thread_id FROM threads WHERE " + names + ")";
        return ViewInliner.restrict(catalog, profile.relation, profile.threadRows(), kept).orElseThrow(() -> error(
                profileContext.getStart(), profileContext.getStop(), "a thread filter needs the SQL of the view "
                        + profile.relation + ", which this database does not give"));
    }

    // ---- compare a with b

    private String compare(CompareClauseContext compare, PatternContext pattern, WhereClauseContext where) {
        if (profile.compareValue == null) {
            throw error(compare.getStart(), compare.getStop(), profile.form + " lists single calls, which cannot be"
                    + " compared; compare a profile such as time by method");
        }
        String left = compare.left.getText();
        String right = compare.right.getText();
        checkSchema(compare.left);
        checkSchema(compare.right);
        if (left.equalsIgnoreCase(right)) {
            throw error(compare.right.getStart(), "compare needs two different recordings, not '" + left + "' twice");
        }
        String keys = String.join(", ", profile.compareKeys);
        String value = profile.compareValue;
        StringBuilder sql = new StringBuilder("WITH ");
        for (String schema : List.of(left, right)) {
            String side = schema.equals(left) ? "left_side" : "right_side";
            List<String> conditions = new ArrayList<>();
            if (profile == Profile.TREE && pattern != null) {
                conditions.add(PatternSql.under(pattern));
            }
            if (where != null) {
                Condition condition = condition(where.condition(), schema + ".");
                conditions.add(conditions.isEmpty() || !condition.or ? condition.sql : "(" + condition.sql + ")");
            }
            sql.append(side).append(" AS (\n")
                    .append(INDENT).append("SELECT ").append(keys).append(", SUM(").append(value).append(") AS ").append(value).append('\n')
                    .append(INDENT).append("FROM ").append(schema).append('.').append(profile.relation).append('\n');
            if (!conditions.isEmpty()) {
                sql.append(INDENT).append("WHERE ").append(String.join(" AND ", conditions)).append('\n');
            }
            sql.append(INDENT).append("GROUP BY ").append(keys).append('\n').append("),\n");
        }
        sql.append("compared AS (\n").append(INDENT).append("SELECT ");
        List<String> select = new ArrayList<>();
        for (String key : profile.compareKeys) {
            select.add("COALESCE(left_side." + key + ", right_side." + key + ") AS " + key);
        }
        for (String schema : List.of(left, right)) {
            String side = schema.equals(left) ? "left_side" : "right_side";
            select.add(side + "." + value + " AS " + schema + "_" + value);
            select.add("CAST(" + side + "." + value + " AS DOUBLE) / NULLIF(SUM(" + side + "." + value + ") OVER (), 0) AS "
                    + schema + "_share");
        }
        select.add("COALESCE(right_side." + value + ", 0) - COALESCE(left_side." + value + ", 0) AS diff_" + value);
        select.add("CAST(right_side." + value + " AS DOUBLE) / NULLIF(left_side." + value + ", 0) AS ratio");
        sql.append(String.join(",\n" + INDENT + "       ", select)).append('\n');
        sql.append(INDENT).append("FROM left_side\n").append(INDENT).append("FULL JOIN right_side ON ")
                .append(profile.compareKeys.stream().map(key -> "left_side." + key + " IS NOT DISTINCT FROM right_side." + key)
                        .collect(Collectors.joining(" AND ")))
                .append("\n)\n");
        return sql.toString();
    }

    private void checkSchema(NameContext name) {
        Set<String> schemas = catalog.schemas();
        if (schemas.isEmpty() || schemas.stream().anyMatch(schema -> schema.equalsIgnoreCase(name.getText()))) {
            return;
        }
        throw error(name.getStart(), "no recording is open as schema '" + name.getText() + "'"
                + Suggestions.didYouMean(name.getText(), schemas) + " (open: " + String.join(", ", schemas)
                + "); open two with profq sql a=<recording> b=<recording>");
    }

    private List<ProfileCatalog.Column> compareColumns(CompareClauseContext compare) {
        List<ProfileCatalog.Column> compared = new ArrayList<>();
        for (String key : profile.compareKeys) {
            compared.add(column(key));
        }
        String valueType = profile.compareValue == null ? "BIGINT" : column(profile.compareValue).type();
        for (NameContext schema : List.of(compare.left, compare.right)) {
            compared.add(new ProfileCatalog.Column(schema.getText() + "_" + profile.compareValue, valueType));
            compared.add(new ProfileCatalog.Column(schema.getText() + "_share", "DOUBLE"));
        }
        compared.add(new ProfileCatalog.Column("diff_" + profile.compareValue, valueType));
        compared.add(new ProfileCatalog.Column("ratio", "DOUBLE"));
        return compared;
    }

    private ProfileCatalog.Column column(String name) {
        return columns.stream().filter(column -> column.name().equalsIgnoreCase(name)).findFirst()
                .orElse(new ProfileCatalog.Column(name, "VARCHAR"));
    }

    // ---- where

    /** A condition's SQL, and whether its outermost operator is OR (so an enclosing AND must bracket it). */
    private record Condition(String sql, boolean or) {
    }

    private Condition condition(ConditionContext context, String schema) {
        if (context instanceof NotConditionContext not) {
            Condition inner = condition(not.condition(), schema);
            return new Condition("NOT (" + inner.sql + ")", false);
        }
        if (context instanceof AndConditionContext and) {
            Condition left = condition(and.condition(0), schema);
            Condition right = condition(and.condition(1), schema);
            return new Condition(bracket(left) + " AND " + bracket(right), false);
        }
        if (context instanceof OrConditionContext or) {
            return new Condition(condition(or.condition(0), schema).sql + " OR " + condition(or.condition(1), schema).sql, true);
        }
        if (context instanceof GroupConditionContext group) {
            return condition(group.condition(), schema);
        }
        return new Condition(comparison((ComparisonConditionContext) context, schema), false);
    }

    private static String bracket(Condition condition) {
        return condition.or ? "(" + condition.sql + ")" : condition.sql;
    }

    private String comparison(ComparisonConditionContext context, String schema) {
        String field = context.name().getText().toLowerCase(Locale.ROOT);
        String operator = context.comparison().getText();
        ValueContext value = context.value();
        if (resolver.filterWords().contains(field) || field.equals("thread")) {
            return codeFilter(context, field, operator, value, schema);
        }
        Optional<ProfileCatalog.Column> found = resolver.lookUp(field, columns, true);
        if (found.isEmpty()) {
            String suggestion = Suggestions.didYouMean(context.name().getText(), resolver.candidates(columns, true, true));
            throw error(context.name().getStart(), profile.form + " has no column '" + context.name().getText() + "' to filter on"
                    + (suggestion.isEmpty() ? "; it has " + ColumnResolver.names(columns) + ", and the filters "
                    + String.join(", ", resolver.filterWords()) : suggestion));
        }
        ProfileCatalog.Column column = found.get();
        String type = column.type().toUpperCase(Locale.ROOT);
        if (type.equals("VARCHAR")) {
            return patternComparison(column.name(), context, operator, value);
        }
        if (type.equals("BOOLEAN")) {
            if (!(value instanceof FlagValueContext)) {
                throw error(value.getStart(), value.getStop(), "'" + column.name() + "' is true or false; compare it with"
                        + " true or false, not " + shown(value));
            }
            requireEquality(context, "'" + column.name() + "' is true or false");
            return column.name() + " " + sqlOperator(operator) + " " + value.getText().toUpperCase(Locale.ROOT);
        }
        if (!(value instanceof QuantityValueContext quantity)) {
            throw error(value.getStart(), value.getStop(), "'" + column.name() + "' is " + Quantities.kind(column)
                    + "; compare it with " + Quantities.example(column) + ", not " + shown(value));
        }
        return column.name() + " " + sqlOperator(operator) + " " + quantities.of(column, context.name().getText(), quantity);
    }

    private String codeFilter(ComparisonConditionContext context, String field, String operator, ValueContext value,
                              String schema) {
        if (field.equals("thread") && !resolver.filterWords().contains("thread")) {
            throw error(context.name().getStart(), "'thread' cannot filter " + profile.form + ", whose rows have no thread;"
                    + " ask calls of '<method>' where thread = '<name>'");
        }
        PatternContext pattern = patternOf(context, value, field);
        boolean negated = !operator.equals("=");
        switch (field) {
            case "thread":
                return PatternSql.like(threadColumn, pattern, negated);
            case "method":
                if (columns.stream().anyMatch(column -> column.name().equalsIgnoreCase("signature"))) {
                    return PatternSql.like("signature", pattern, negated);
                }
                return "method_id " + (negated ? "NOT IN" : "IN") + " (SELECT method_id FROM " + schema + "methods WHERE "
                        + PatternSql.like("signature", pattern, false) + ")";
            default:
                break;
        }
        boolean isPackage = field.equals("package");
        if (profile.code == Profile.Code.TYPE) {
            if (!isPackage) {
                return PatternSql.like("type_name", pattern, negated);
            }
            return "class_id " + (negated ? "NOT IN" : "IN") + " (SELECT class_id FROM " + schema + "classes WHERE "
                    + PatternSql.packageLike("package", pattern) + ")";
        }
        String match = isPackage ? PatternSql.packageLike("c.package", pattern) : PatternSql.like("c.name", pattern, false);
        String key = profile.code == Profile.Code.METHOD_ID ? "method_id" : "signature";
        return key + " " + (negated ? "NOT IN" : "IN") + " (SELECT m." + key + " FROM " + schema + "methods AS m JOIN "
                + schema + "classes AS c ON c.class_id = m.class_id WHERE " + match + ")";
    }

    private PatternContext patternOf(ComparisonConditionContext context, ValueContext value, String field) {
        String what = "'" + field + "'";
        requireEquality(context, what + " is a pattern");
        if (value instanceof TextValueContext text) {
            return patternFrom(text.STRING().getSymbol());
        }
        if (value instanceof QuantityValueContext quantity && quantity.PARAMETER() != null && quantity.unit == null) {
            return patternFrom(quantity.PARAMETER().getSymbol());
        }
        throw error(value.getStart(), value.getStop(), what + " takes a quoted pattern such as '" + example(field)
                + "', not " + shown(value));
    }

    private static String example(String field) {
        return switch (field) {
            case "method" -> "*Parser.parse*";
            case "class" -> "org.apache.lucene.*";
            case "package" -> "org.h2.*";
            case "thread" -> "main";
            default -> "*text*";
        };
    }

    /** A pattern context stand-in for a single STRING or PARAMETER token. */
    private static PatternContext patternFrom(Token token) {
        PatternContext pattern = new PatternContext(null, 0);
        pattern.start = token;
        pattern.stop = token;
        pattern.addChild(new org.antlr.v4.runtime.tree.TerminalNodeImpl(token));
        return pattern;
    }

    private String patternComparison(String column, ComparisonConditionContext context, String operator, ValueContext value) {
        return PatternSql.like(column, patternOf(context, value, column), !operator.equals("="));
    }

    private void requireEquality(ComparisonConditionContext context, String what) {
        String operator = context.comparison().getText();
        if (!operator.equals("=") && !operator.equals("!=") && !operator.equals("<>")) {
            throw error(context.comparison().getStart(), what + "; compare it with = or !=, not " + operator);
        }
    }

    private static String sqlOperator(String operator) {
        return operator.equals("!=") ? "<>" : operator;
    }

    /** A value as the user wrote it: a quoted pattern as is, anything else in quotes. */
    private static String shown(ParserRuleContext context) {
        return context instanceof TextValueContext ? context.getText() : "'" + context.getText() + "'";
    }

    // ---- errors

    private LanguageException error(Token token, String problem) {
        return errors.at(token, problem);
    }

    private LanguageException error(Token start, Token stop, String problem) {
        return errors.at(start, stop, problem);
    }
}
