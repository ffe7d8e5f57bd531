package org.profq.lang;

/**
 * A statement of the language that cannot be compiled: where (line and column, 1-based, and
 * how many characters) and what is wrong, in one sentence that says what was expected and
 * suggests the nearest word for a misspelling. {@link #getMessage()} adds the statement's
 * line with a caret under the mistake:
 *
 * <pre>
 * at line 1, column 6: expected 'by', found 'bye'; did you mean 'by'?
 *   heap bye method
 *        ^^^
 * </pre>
 */
public final class LanguageException extends RuntimeException {
    private final int line;
    private final int column;
    private final int length;
    private final String problem;
    private final String sourceLine;

    LanguageException(String statement, int line, int column, int length, String problem) {
        super(problem, null, false, false);
        this.line = line;
        this.column = column;
        this.length = Math.max(1, length);
        this.problem = problem.replaceAll("[\\r\\n\\t]", " "); // the words quoted from the statement stay on one line
        String[] lines = statement.split("\r?\n", -1);
        this.sourceLine = line >= 1 && line <= lines.length ? lines[line - 1] : "";
    }

    /** The line of the mistake, from 1. */
    public int line() {
        return line;
    }

    /** The column of the mistake, from 1. */
    public int column() {
        return column;
    }

    /** The sentence without the position or the caret. */
    public String problem() {
        return problem;
    }

    /** "at line L, column C: problem", one line. */
    public String sentence() {
        return "at line " + line + ", column " + column + ": " + problem;
    }

    /** The statement's line and a caret line under the mistake, each indented by two spaces. */
    public String caret() {
        return caret(sourceLine, column, length);
    }

    /**
     * {@code sourceLine} and a caret line under its {@code length} characters from {@code column}
     * (from 1), each indented by two spaces: how profq points at a mistake in a statement, the
     * language's or SQL's.
     */
    public static String caret(String sourceLine, int column, int length) {
        String shown = sourceLine.replace('\t', ' ');
        int start = Math.max(0, Math.min(column - 1, shown.length()));
        int width = Math.max(1, Math.min(length, shown.length() - start));
        return "  " + shown + "\n  " + " ".repeat(start) + "^".repeat(width);
    }

    @Override
    public String getMessage() {
        return sentence() + "\n" + caret();
    }
}
