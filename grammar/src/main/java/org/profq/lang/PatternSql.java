package org.profq.lang;

import org.antlr.v4.runtime.Token;
import org.profq.lang.ProfqParser.PatternContext;

/**
 * The SQL a pattern of the language stands for: a glob over names ({@link Glob}, the one reading
 * of the syntax) as {@code =}, {@code LIKE}, or, for a parameter whose value is only known when
 * the statement runs, the SQL functions {@code glob} and {@code package_glob}.
 */
final class PatternSql {
    private PatternSql() {
    }

    /**
     * {@code column LIKE 'x%'} for a glob with * or ?, {@code column = 'x'} for one without; NOT
     * for negated. A parameter's value is only known when the statement runs, so it is matched
     * by the SQL function {@code glob}, which reads a pattern as {@link Glob} does: the same rows
     * as the literal would give, whatever characters the value holds.
     */
    static String like(String column, PatternContext pattern, boolean negated) {
        Token token = pattern.getStart();
        if (token.getType() == ProfqParser.PARAMETER) {
            return (negated ? "NOT " : "") + "glob(" + column + ", " + textParameter(token.getText()) + ")";
        }
        String glob = unquote(token.getText());
        if (!Glob.hasWildcard(glob)) {
            return column + (negated ? " <> " : " = ") + quote(glob);
        }
        return column + (negated ? " NOT LIKE " : " LIKE ") + Glob.likeLiteral(glob);
    }

    /**
     * A package pattern: 'org.h2.*' matches the package org.h2 itself and every package under it
     * ({@link Glob#packageItself}); a parameter through the SQL function {@code package_glob}, which
     * applies the same rule to the value.
     */
    static String packageLike(String column, PatternContext pattern) {
        Token token = pattern.getStart();
        if (token.getType() == ProfqParser.PARAMETER) {
            return "package_glob(" + column + ", " + textParameter(token.getText()) + ")";
        }
        String glob = unquote(token.getText());
        String itself = Glob.packageItself(glob);
        if (itself != null) {
            return "(" + column + " = " + quote(itself) + " OR " + column + " LIKE " + Glob.likeLiteral(glob) + ")";
        }
        return like(column, pattern, false);
    }

    /** The call tree's rows at or under a frame the pattern matches: one of the names in its path. */
    static String under(PatternContext pattern) {
        Token token = pattern.getStart();
        if (token.getType() == ProfqParser.PARAMETER) {
            return "glob(';' || path || ';', '*;' || " + textParameter(token.getText()) + " || ';*')";
        }
        return "';' || path || ';' LIKE " + Glob.likeLiteral("*;" + unquote(token.getText()) + ";*");
    }

    /** A parameter that holds a pattern, as text (a JDBC {@code ?} has no type of its own). */
    private static String textParameter(String parameter) {
        return "CAST(" + parameter + " AS VARCHAR)";
    }

    private static String unquote(String literal) {
        return literal.substring(1, literal.length() - 1).replace("''", "'");
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
