package org.profq.cli.repl;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.profq.engine.report.Report;
import org.profq.lang.ProfqLanguage;

/**
 * A statement typed in the REPL (SQL or the profiling language) as a report: its
 * {@code :name} placeholders become typed parameters whose defaults are the values set with
 * {@code \set}, its result's columns are documented, and a statement of the language says so
 * in its header. The REPL runs a statement with placeholders through this, and {@code \save}
 * writes its text to the user's reports directory.
 */
final class ReportDraft {
    private static final Pattern PLACEHOLDER = Pattern.compile("(?<![:\\w]):([A-Za-z_]\\w*)");
    private static final Pattern WHOLE = Pattern.compile("-?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d*\\.\\d+");

    private final String name;
    private final String text;

    private ReportDraft(String name, String text) {
        this.name = name;
        this.text = text;
    }

    /**
     * The draft of report {@code name} for {@code statement}; {@code variables} give each
     * placeholder's default, {@code columns} the result's (name, SQL type) pairs, or empty.
     * IllegalArgumentException naming a placeholder without a value.
     */
    static ReportDraft of(String name, String description, String statement, Map<String, String> variables,
                          Map<String, String> columns) {
        StringBuilder header = new StringBuilder("-- ").append(name).append(": ").append(description).append("\n--\n");
        if (ProfqLanguage.isStatement(statement)) {
            header.append(Report.PROFQ_LANGUAGE_LINE).append("\n--\n");
        }
        Set<String> placeholders = placeholders(statement);
        if (!placeholders.isEmpty()) {
            header.append("-- Parameters:\n");
            for (String placeholder : placeholders) {
                String value = variables.get(placeholder);
                if (value == null) {
                    throw new IllegalArgumentException(":" + placeholder + " has no value; give it one with \\set "
                            + placeholder + " VALUE.");
                }
                header.append("--   ").append(placeholder).append("  ").append(type(value)).append("  ")
                        .append(defaultText(value)).append("  the value of :").append(placeholder).append('\n');
            }
            header.append("--\n");
        }
        if (!columns.isEmpty()) {
            header.append("-- Columns:\n");
            columns.forEach((column, type) -> header.append("--   ").append(column).append("  ").append(type)
                    .append("  as the statement gives it\n"));
            header.append("--\n");
        }
        return new ReportDraft(name, header + statement.strip() + "\n");
    }

    /** Whether {@code statement} has {@code :name} placeholders outside quotes and comments. */
    static boolean hasPlaceholders(String statement) {
        return !placeholders(statement).isEmpty();
    }

    /** The report file's text. */
    String text() {
        return text;
    }

    /** The draft as a parsed report, ready to run. */
    Report report() {
        return Report.parse(name, text, "the REPL");
    }

    private static Set<String> placeholders(String statement) {
        Set<String> names = new LinkedHashSet<>();
        Matcher matcher = PLACEHOLDER.matcher(code(statement));
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** {@code text} with quoted strings and comments blanked, so a ':' in them is no placeholder. */
    private static String code(String text) {
        StringBuilder out = new StringBuilder(text);
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            int end;
            if (c == '\'' || c == '"') {
                int close = text.indexOf(c, i + 1);
                end = close < 0 ? text.length() : close + 1;
            } else if (text.startsWith("--", i)) {
                int newline = text.indexOf('\n', i);
                end = newline < 0 ? text.length() : newline;
            } else {
                i++;
                continue;
            }
            for (int j = i; j < end; j++) {
                out.setCharAt(j, ' ');
            }
            i = end;
        }
        return out.toString();
    }

    private static String type(String value) {
        if (WHOLE.matcher(value).matches()) {
            return "BIGINT";
        }
        if (DECIMAL.matcher(value).matches()) {
            return "DOUBLE";
        }
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return "BOOLEAN";
        }
        return "VARCHAR";
    }

    private static String defaultText(String value) {
        return type(value).equals("VARCHAR") ? "'" + value.replace("'", "''") + "'" : value.toLowerCase(java.util.Locale.ROOT);
    }

    /** A variable's value as typed after \set NAME: a quoted value loses its quotes. */
    static String unquote(String value) {
        String text = value.strip();
        if (text.length() >= 2 && text.startsWith("'") && text.endsWith("'")) {
            return text.substring(1, text.length() - 1).replace("''", "'");
        }
        return text;
    }

}
