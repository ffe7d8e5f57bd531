package org.profq.check;

import java.util.regex.Pattern;

/**
 * Which subjects of a kind of count a glob names ({@code *} any text, {@code ?} one character):
 * those it matches whole, and for the sites (objects, bytes, throws: {@code a.B.parse(int):42 char[]})
 * also those whose method it matches ({@code a.B.parse(int)}, or {@code a.B.parse(*)}).
 */
public final class SubjectGlob {
    private final CountKind kind;
    private final String glob;
    private final Pattern pattern;

    public SubjectGlob(CountKind kind, String glob) {
        this.kind = kind;
        this.glob = glob;
        this.pattern = pattern(glob);
    }

    /** Whether {@code subject}, a count of this glob's kind, is one the glob names. */
    public boolean matches(String subject) {
        int method = subject.lastIndexOf("):");
        return pattern.matcher(subject).matches() || (kind != CountKind.CALLS && kind != CountKind.CONTEXTS && method > 0
                && pattern.matcher(subject.substring(0, method + 1)).matches());
    }

    public CountKind kind() {
        return kind;
    }

    public String glob() {
        return glob;
    }

    private static Pattern pattern(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
