package org.profq.engine.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.profq.engine.ViewDoc;
import org.profq.engine.language.LanguageCatalog;
import org.profq.lang.LanguageException;
import org.profq.lang.ProfqLanguage;

/**
 * A saved report: a {@code .sql} file whose leading comment block documents it, in the style
 * of the profile views (see {@link ViewDoc}), plus its parameters and what to chart:
 *
 * <pre>
 * -- heap: which methods allocate the most memory?
 * --
 * -- A paragraph of description.
 * --
 * -- Parameters:
 * --   top  BIGINT  10  how many methods to show
 * --   by   VARCHAR  'cpu'|'wall'  a choice: the values it may take, the default first
 * --
 * -- Columns:
 * --   signature  VARCHAR  the allocating method
 * --   bytes      BIGINT   bytes it allocated
 * --
 * -- Chart: bytes by signature
 * SELECT ... WHERE rank &lt;= :top
 * </pre>
 *
 * The SQL refers to a parameter as {@code :name}; {@link #bind} turns those into JDBC
 * parameters with typed values, so no value is ever spliced into the SQL text.
 *
 * A header line {@code -- Needs: allocations} names what the report reads, for {@code profq record
 * --for}: event families ({@code calls}, {@code allocations}, {@code deaths}, {@code exceptions},
 * {@code uses}) and {@code values} (value profiles, {@code --values}); {@code -- Classes: PATTERN}
 * says the report looks at those classes alone (AspectJ type patterns, as {@code --include} takes
 * them), so a recording for it need weave no others. See {@link ReportNeeds}.
 *
 * A header line {@code -- Language: profq} says the body is a statement of the profiling
 * language ({@code heap by method top :top}) rather than SQL; {@link #bind} compiles it.
 */
public record Report(String name, String summary, String description, List<ReportParameter> parameters,
                     List<ViewDoc.ColumnDoc> columns, Optional<Chart> chart, String sql, String source) {
    private static final String QUOTED = "'(?:[^']|'')*'";
    private static final Pattern PARAMETER = Pattern.compile(
            "--\\s{2,}(\\w+)\\s+(BIGINT|DOUBLE|VARCHAR|BOOLEAN)\\s+(" + QUOTED + "(?:\\|" + QUOTED + ")*|\\S+)\\s*(.*)");
    private static final Pattern CHOICE = Pattern.compile(QUOTED);
    private static final Pattern CHART = Pattern.compile("--\\s*Chart:\\s*(\\w+)\\s+by\\s+(\\w+)\\s*");
    private static final Pattern LANGUAGE = Pattern.compile("--\\s*Language:\\s*(\\w+)\\s*");
    private static final Pattern NEEDS = Pattern.compile("--\\s*Needs:\\s*(.*?)\\.?\\s*");
    private static final Pattern CLASSES = Pattern.compile("--\\s*Classes:\\s*(.*?)\\s*");
    /** The header line that marks a report written in the profiling language. */
    public static final String PROFQ_LANGUAGE_LINE = "-- Language: profq";

    /** Which numeric column to draw as bars, labelled by which column. */
    public record Chart(String valueColumn, String labelColumn) {
    }

    /** The SQL to prepare and the values to bind to its parameters, in order. */
    public record BoundQuery(String sql, List<Object> values) {
    }

    public Report {
        parameters = List.copyOf(parameters);
        columns = List.copyOf(columns);
    }

    /**
     * Parses report {@code name} from {@code text}; {@code source} says where it came from.
     * IllegalArgumentException if its header does not document it.
     */
    public static Report parse(String name, String text, String source) {
        String sql = text.replace("\r\n", "\n");
        ViewDoc doc = ViewDoc.parse(name, sql);
        if (doc.summary().isEmpty()) {
            throw new IllegalArgumentException("the report " + source + " does not start with '-- " + name
                    + ": <what it answers>'; begin its header comment that way.");
        }
        List<ReportParameter> parameters = new ArrayList<>();
        StringBuilder description = new StringBuilder();
        Chart chart = null;
        String section = "title";
        for (String line : sql.split("\n")) {
            if (!line.startsWith("--")) {
                break;
            }
            String trimmed = line.substring(2).strip();
            Matcher chartLine = CHART.matcher(line);
            Matcher languageLine = LANGUAGE.matcher(line);
            if (NEEDS.matcher(line).matches()) {
                ReportNeeds.declared(line, source);
            } else if (CLASSES.matcher(line).matches()) {
                continue;
            } else if (languageLine.matches()) {
                String language = languageLine.group(1).toLowerCase(java.util.Locale.ROOT);
                if (!language.equals("profq") && !language.equals("sql")) {
                    throw new IllegalArgumentException("the report " + source + " says '" + line.strip()
                            + "'; a report is in sql (the default) or profq.");
                }
            } else if (trimmed.equals("Parameters:")) {
                section = "parameters";
            } else if (trimmed.equals("Columns:")) {
                section = "columns";
            } else if (chartLine.matches()) {
                chart = new Chart(chartLine.group(1), chartLine.group(2));
            } else if (section.equals("title")) {
                section = "description";
            } else if (section.equals("description") && !trimmed.isEmpty()) {
                description.append(description.length() == 0 ? "" : " ").append(trimmed);
            } else if (section.equals("parameters") && !trimmed.isEmpty()) {
                parameters.add(parameter(line, source));
            }
        }
        return new Report(name, doc.summary(), description.toString(), parameters, doc.columns(),
                Optional.ofNullable(chart), sql, source);
    }

    private static ReportParameter parameter(String line, String source) {
        Matcher matcher = PARAMETER.matcher(line);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("the report " + source + " has a parameter line that is not"
                    + " '--   name  TYPE  default  meaning': " + line.strip() + "; fix its header.");
        }
        ReportParameter.Type type = ReportParameter.Type.valueOf(matcher.group(2));
        String defaultText = matcher.group(3);
        List<String> choices = new ArrayList<>();
        if (defaultText.startsWith("'")) {
            Matcher choice = CHOICE.matcher(defaultText);
            while (choice.find()) {
                choices.add(unquoted(choice.group()));
            }
            defaultText = choices.get(0);
        }
        if (choices.size() > 1 && type != ReportParameter.Type.VARCHAR) {
            throw new IllegalArgumentException("the report " + source + " gives the " + type + " parameter " + matcher.group(1)
                    + " a choice of values; only a VARCHAR parameter can be a choice ('a'|'b').");
        }
        return new ReportParameter(matcher.group(1), type, type.convert(matcher.group(1), defaultText), matcher.group(4).strip(),
                choices.size() > 1 ? choices : List.of());
    }

    private static String unquoted(String quoted) {
        return quoted.substring(1, quoted.length() - 1).replace("''", "'");
    }

    /** Whether the report's body is a statement of the profiling language (its header says {@code -- Language: profq}). */
    public boolean inProfqLanguage() {
        for (String line : sql.split("\n")) {
            if (!line.startsWith("--")) {
                return false;
            }
            Matcher language = LANGUAGE.matcher(line);
            if (language.matches()) {
                return language.group(1).equalsIgnoreCase("profq");
            }
        }
        return false;
    }

    /** What the header's {@code -- Needs:} line names, or empty when it has none. */
    public Optional<Set<String>> declaredNeeds() {
        return headerLine(NEEDS).map(line -> ReportNeeds.declared(line, source));
    }

    /** The class patterns of the header's {@code -- Classes:} line, or empty when it has none. */
    public List<String> classes() {
        return headerLine(CLASSES).map(line -> {
            Matcher classes = CLASSES.matcher(line);
            classes.matches();
            return List.of(classes.group(1).split("\\s*,\\s*")).stream().filter(pattern -> !pattern.isEmpty()).toList();
        }).orElse(List.of());
    }

    private Optional<String> headerLine(Pattern pattern) {
        for (String line : sql.split("\n")) {
            if (!line.startsWith("--")) {
                break;
            }
            if (pattern.matcher(line).matches()) {
                return Optional.of(line);
            }
        }
        return Optional.empty();
    }

    /** The report's SQL: its text, or what its statement of the profiling language compiles to. */
    public String compiledSql() {
        if (!inProfqLanguage()) {
            return sql;
        }
        try {
            return ProfqLanguage.toSql(sql, new LanguageCatalog(List.of()));
        } catch (LanguageException e) {
            throw new IllegalArgumentException("the report " + source + " is not a valid profq statement: " + e.getMessage(), e);
        }
    }

    /**
     * The SQL with each {@code :name} outside literals and comments replaced by {@code ?}, and
     * the values to bind: {@code given} ones (text, converted to the parameter's type) or the
     * defaults. IllegalArgumentException for an unknown parameter or a value of the wrong type.
     */
    public BoundQuery bind(Map<String, String> given) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (ReportParameter parameter : parameters) {
            values.put(parameter.name(), parameter.defaultValue());
        }
        for (Map.Entry<String, String> entry : given.entrySet()) {
            ReportParameter parameter = parameters.stream().filter(p -> p.name().equals(entry.getKey())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("the report " + name + " has no parameter '"
                            + entry.getKey() + "'; its parameters are " + parameterNames() + "."));
            values.put(parameter.name(), parameter.valueOf(entry.getValue()));
        }
        String sql = compiledSql();
        StringBuilder out = new StringBuilder();
        List<Object> bound = new ArrayList<>();
        int i = 0;
        int length = sql.length();
        while (i < length) {
            char c = sql.charAt(i);
            int end;
            if (c == '\'' || c == '"') {
                int close = sql.indexOf(c, i + 1);
                end = close < 0 ? length : close + 1;
            } else if (sql.startsWith("--", i)) {
                int newline = sql.indexOf('\n', i);
                end = newline < 0 ? length : newline;
            } else if (sql.startsWith("/*", i)) {
                int close = sql.indexOf("*/", i + 2);
                end = close < 0 ? length : close + 2;
            } else if (c == ':' && i + 1 < length && Character.isJavaIdentifierStart(sql.charAt(i + 1))) {
                end = i + 1;
                while (end < length && Character.isJavaIdentifierPart(sql.charAt(end))) {
                    end++;
                }
                String parameter = sql.substring(i + 1, end);
                if (!values.containsKey(parameter)) {
                    throw new IllegalArgumentException("the report " + source + " uses :" + parameter
                            + ", which its header does not declare; add it under '-- Parameters:'.");
                }
                out.append('?');
                bound.add(values.get(parameter));
                i = end;
                continue;
            } else {
                end = i + 1;
            }
            out.append(sql, i, end);
            i = end;
        }
        return new BoundQuery(out.toString(), bound);
    }

    private List<String> parameterNames() {
        return parameters.stream().map(ReportParameter::name).toList();
    }
}
