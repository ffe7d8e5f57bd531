package org.profq.lang;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The profiling language, from outside: whether a text is a statement of it, and the SQL a
 * statement compiles to. A statement starts with the profile it asks for:
 *
 * <pre>
 * heap by method where class = 'org.h2.*' top 10
 * time by method where self > 100us order by self desc
 * calls of '*Parser.parse*' where thread = 'main' and duration > 2ms
 * heap by method compare a with b
 * </pre>
 *
 * docs/language.md publishes the grammar ({@code Profq.g4}) as EBNF with an example of each form.
 */
public final class ProfqLanguage {
    /** The words a statement starts with. */
    public static final List<String> PROFILES = List.of(
            "heap by method", "heap by site", "heap by class", "lifetime by site", "waste by site", "time by method",
            "tree", "tree under", "calls of", "exceptions by site", "values of");

    /** Every keyword, for completion: profiles, clauses, operators, units. */
    public static final List<String> KEYWORDS = List.of(
            "heap", "by", "method", "site", "class", "lifetime", "waste", "time", "tree", "under", "calls", "of",
            "exceptions", "values", "where", "and", "or", "not", "top", "order by", "asc", "desc", "columns", "compare",
            "with", "true", "false", "package", "thread", "duration", "self", "size", "type",
            "ns", "us", "ms", "s", "min", "b", "kb", "mb", "gb");

    private static final List<String> STARTS = List.of("heap", "lifetime", "waste", "time", "tree", "calls", "exceptions");
    /** Words SQL statements start with: never taken for a misspelt profile. */
    private static final Set<String> SQL_STARTS = Set.of("select", "with", "values", "explain", "describe", "show", "table",
            "insert", "update", "delete", "merge", "upsert", "create", "drop", "alter", "truncate", "grant", "revoke",
            "comment", "rename", "set", "reset", "call", "commit", "rollback", "use");
    private static final Pattern FIRST_WORDS = Pattern.compile("(?s)\\s*(?:--[^\\n]*\\n\\s*)*([A-Za-z]+)\\s*([A-Za-z]*).*");

    /**
     * True when {@code text} starts like a statement of the language (heap, lifetime, waste,
     * time, tree, calls, exceptions, or values followed by of, or a near misspelling of one of
     * those that no SQL statement starts with) rather than like SQL; {@code VALUES (...)} stays SQL.
     */
    public static boolean isStatement(String text) {
        Matcher words = FIRST_WORDS.matcher(text == null ? "" : text);
        if (!words.matches()) {
            return false;
        }
        String first = words.group(1).toLowerCase(Locale.ROOT);
        return switch (first) {
            case "heap", "lifetime", "waste", "time", "tree", "calls", "exceptions" -> true;
            case "values" -> words.group(2).equalsIgnoreCase("of");
            // A misspelt profile ('lifetme by site') is the language's too, so its error can say what was meant.
            default -> !SQL_STARTS.contains(first) && Suggestions.nearest(first, STARTS).isPresent();
        };
    }

    /**
     * The SQL {@code statement} compiles to over the views {@code catalog} describes; a
     * {@link LanguageException} (and nothing else) when it cannot.
     */
    public static String toSql(String statement, ProfileCatalog catalog) {
        try {
            return ProfqCompiler.compile(statement, catalog);
        } catch (LanguageException e) {
            throw e;
        } catch (RuntimeException e) {
            // A bug of the compiler, not the user's: still said as the language's error, never a stack trace.
            throw new LanguageException(statement, 1, 1, statement.length(),
                    "the statement could not be compiled (" + e + "); please report it");
        }
    }

    /**
     * The thread filter of {@code statement} (its conditions on {@code thread}, which choose the
     * rows a profile adds up); empty when it has none or does not compile. With it a caller can
     * tell "no thread matched" from "the threads did nothing".
     */
    public static Optional<ThreadFilter> threadFilter(String statement, ProfileCatalog catalog) {
        try {
            return ProfqCompiler.threadFilter(statement, catalog);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private ProfqLanguage() {
    }
}
