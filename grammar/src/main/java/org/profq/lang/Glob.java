package org.profq.lang;

import java.util.regex.Pattern;

/**
 * The profiling language's glob patterns, the one implementation of their syntax: {@code *}
 * matches any run of characters (none included), {@code ?} exactly one, every other character
 * itself, and a pattern matches the whole text. The compiler turns a glob into a SQL
 * {@code LIKE} ({@link #likeLiteral}); the SQL function {@code glob(text, pattern)} matches with
 * {@link #matches}; both read the pattern the same way.
 */
public final class Glob {

    private Glob() {
    }

    /** Whether {@code glob} has a wildcard ({@code *} or {@code ?}); without one it matches only itself. */
    public static boolean hasWildcard(String glob) {
        return glob.indexOf('*') >= 0 || glob.indexOf('?') >= 0;
    }

    /**
     * The package a package pattern names besides the packages it matches: {@code org.h2} for
     * {@code org.h2.*}, which matches the package {@code org.h2} itself as well as every package
     * under it; null for a pattern that does not end in {@code .*} after a non-empty prefix
     * without wildcards.
     */
    public static String packageItself(String glob) {
        if (!glob.endsWith(".*")) {
            return null;
        }
        String prefix = glob.substring(0, glob.length() - 2);
        return prefix.isEmpty() || hasWildcard(prefix) ? null : prefix;
    }

    /** Whether package {@code packageName} matches the package pattern {@code glob}: as a glob, or as its {@link #packageItself}. */
    public static boolean matchesPackage(String packageName, String glob) {
        return packageName.equals(packageItself(glob)) || matches(packageName, glob);
    }

    /** Whether the whole of {@code text} matches {@code glob}. */
    public static boolean matches(String text, String glob) {
        return regex(glob).matcher(text).matches();
    }

    /** The glob as a regular expression over whole texts (DOTALL: {@code *} crosses line ends too, as LIKE's % does). */
    public static Pattern regex(String glob) {
        StringBuilder regex = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (char c : glob.toCharArray()) {
            if (c == '*' || c == '?') {
                if (!literal.isEmpty()) {
                    regex.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                regex.append(c == '*' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (!literal.isEmpty()) {
            regex.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    /**
     * The glob as a quoted SQL LIKE literal: {@code *} is {@code %}, {@code ?} is {@code _}, and
     * LIKE's own {@code % _ \} escaped with {@code \} (then {@code ESCAPE '\'} follows).
     */
    public static String likeLiteral(String glob) {
        StringBuilder like = new StringBuilder();
        boolean escaped = false;
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> like.append('%');
                case '?' -> like.append('_');
                case '%', '_', '\\' -> {
                    like.append('\\').append(c);
                    escaped = true;
                }
                default -> like.append(c);
            }
        }
        return "'" + like.toString().replace("'", "''") + "'" + (escaped ? " ESCAPE '\\'" : "");
    }
}
