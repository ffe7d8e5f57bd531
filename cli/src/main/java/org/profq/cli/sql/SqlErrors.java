package org.profq.cli.sql;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.profq.lang.LanguageException;

/**
 * Turns a failed query's exception into one sentence that says where the mistake is
 * ("at line 1, column 17: Column 'nosuch' not found in any table") instead of Calcite's
 * wrapped, multi-line text with the statement repeated and every token it expected. An error
 * of the profiling language keeps its caret line under the statement.
 */
public final class SqlErrors {
    private static final Pattern WRAPPED = Pattern.compile("(?s)^Error while executing SQL \".*?\": ");
    private static final Pattern VALIDATION = Pattern.compile("(?s)From line (\\d+), column (\\d+) to line \\d+, column \\d+: (.*)");
    private static final Pattern PARSE = Pattern.compile("(?s)(?:.*?parse failed: )?(.*?) at line (\\d+), column (\\d+)\\..*");

    /** "{@code what} at line 1, column 8: the problem." or "{@code what}: the problem." */
    public static String sentence(String what, SQLException error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof LanguageException language) {
                // The profiling language's own error: its sentence, then the statement with a caret under the mistake.
                String sentence = language.sentence();
                return what + " " + sentence + (sentence.endsWith("?") || sentence.endsWith(".") ? "" : ".") + "\n" + language.caret();
            }
        }
        String detail = detail(error);
        return what + (detail.startsWith("at line ") ? " " : ": ") + detail + ".";
    }

    /**
     * "{@code what}: it needs more memory than …": a query that ran the JVM out of heap, said as
     * how much heap there was and how to give profq more, never as a stack trace.
     */
    public static String outOfMemory(String what) {
        long heapMegabytes = Runtime.getRuntime().maxMemory() >> 20;
        return what + ": it needs more memory than profq's heap of " + heapMegabytes + " MB; give profq more with "
                + "PROFQ_JAVA_OPTS=-Xmx" + Math.max(1, heapMegabytes * 4 / 1024) + "g, or make the query hold fewer rows "
                + "(aggregate before joining, or add a WHERE).";
    }

    /** The position and the problem, without a trailing period. */
    static String detail(SQLException error) {
        String message = deepestMessage(error);
        message = WRAPPED.matcher(message).replaceFirst("");
        Matcher validation = VALIDATION.matcher(message);
        if (validation.matches()) {
            return "at line " + validation.group(1) + ", column " + validation.group(2) + ": " + firstLine(validation.group(3));
        }
        Matcher parse = PARSE.matcher(message);
        if (parse.matches()) {
            return "at line " + parse.group(2) + ", column " + parse.group(3) + ": syntax error, " + firstLine(parse.group(1));
        }
        return firstLine(message);
    }

    /** Calcite wraps the useful message a few causes down; the outermost one that names a position wins. */
    private static String deepestMessage(SQLException error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            String message = cause.getMessage();
            if (message != null && (VALIDATION.matcher(message).find() || PARSE.matcher(message).find())) {
                Matcher validation = VALIDATION.matcher(message);
                return validation.find() ? message.substring(validation.start()) : message;
            }
        }
        return error.getMessage() == null ? error.toString() : error.getMessage();
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("").strip();
        return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
    }

    private SqlErrors() {
    }
}
