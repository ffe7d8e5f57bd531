package org.profq.cli.sql;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.profq.lang.LanguageException;

/**
 * Turns a failed query's exception into one sentence that says where the mistake is
 * ("at line 1, column 17: Column 'nosuch' not found in any table") instead of Calcite's
 * wrapped, multi-line text with the statement repeated and every token it expected. An error
 * of the profiling language keeps its caret line under the statement, and a syntax error in
 * SQL gets one.
 */
public final class SqlErrors {
    private static final String EXECUTING = "Error while executing SQL \"";
    /** A word as a person sees one: a quoted identifier or string, a name or number, else one character. */
    private static final Pattern WORD = Pattern.compile("\"(?:[^\"]|\"\")*\"|'(?:[^']|'')*'|[\\p{L}\\p{N}_$.]+|\\S");
    /** Calcite's wrappers around the message that matters: at prepare ("Error while executing SQL ...") or while fetching rows. */
    private static final Pattern WRAPPED = Pattern.compile("(?s)^(?:Error while executing SQL \".*?\": )?(?:exception while executing query: )?");
    private static final Pattern VALIDATION = Pattern.compile("(?s)From line (\\d+), column (\\d+) to line \\d+, column \\d+: (.*)");
    private static final Pattern PARSE = Pattern.compile("(?s)(?:.*?parse failed: )?(.*?) at line (\\d+), column (\\d+)\\..*");

    /**
     * "{@code what} at line 1, column 8: the problem." or "{@code what}: the problem.". A syntax
     * error in SQL names the word where it is ("at line 1, column 1: syntax error at 'SELEC'.", as
     * psql does) and, as the language's errors do, shows the statement's line with a caret under it.
     */
    public static String sentence(String what, SQLException error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof LanguageException language) {
                // The profiling language's own error: its sentence, then the statement with a caret under the mistake.
                String sentence = language.sentence();
                return what + " " + sentence + (sentence.endsWith("?") || sentence.endsWith(".") ? "" : ".") + "\n" + language.caret();
            }
            if (cause instanceof SqlParseException parse && parse.getPos() != null && parse.getPos().getLineNum() > 0) {
                return what + " " + syntaxError(parse.getPos(), atEnd(parse), statement(error));
            }
        }
        String detail = detail(error);
        return what + (detail.startsWith("at line ") ? " " : ": ") + detail + ".";
    }

    /**
     * "at line L, column C: syntax error at 'WORD'." (or "at the end of the statement.") and, when
     * the statement is known, its line with a caret under the word.
     */
    private static String syntaxError(SqlParserPos position, boolean atEnd, String statement) {
        if (statement == null) {
            return "at line " + position.getLineNum() + ", column " + position.getColumnNum() + ": syntax error.";
        }
        String[] lines = statement.split("\\r?\\n", -1);
        int line = Math.min(position.getLineNum(), lines.length);
        String sourceLine = lines[line - 1];
        int column = position.getColumnNum();
        Matcher word = WORD.matcher(column - 1 <= sourceLine.length() ? sourceLine.substring(column - 1) : "");
        if (atEnd || !word.lookingAt()) {
            String last = lines[lines.length - 1];
            return "at line " + lines.length + ", column " + (last.length() + 1) + ": syntax error at the end of the statement.\n"
                    + LanguageException.caret(last, last.length() + 1, 1);
        }
        return "at line " + line + ", column " + column + ": syntax error at '" + word.group() + "'.\n"
                + LanguageException.caret(sourceLine, column, word.group().length());
    }

    /** Whether the parser ran out of statement (its position is then the last character's). */
    private static boolean atEnd(SqlParseException parse) {
        return parse.getMessage() != null && parse.getMessage().startsWith("Encountered \"<EOF>\"");
    }

    /** The statement a failed query ran, from the driver's "Error while executing SQL "…": …", or null. */
    private static String statement(SQLException error) {
        String message = error.getMessage();
        Throwable cause = error.getCause();
        if (message == null || cause == null || cause.getMessage() == null || !message.startsWith(EXECUTING)) {
            return null;
        }
        String tail = "\": " + cause.getMessage();
        return message.endsWith(tail) && message.length() >= EXECUTING.length() + tail.length()
                ? message.substring(EXECUTING.length(), message.length() - tail.length()) : null;
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
