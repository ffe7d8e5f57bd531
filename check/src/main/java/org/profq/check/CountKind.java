package org.profq.check;

import java.util.Locale;

/**
 * What an exact count counts: calls of a method, calls in a calling context (the path of
 * signatures from a thread's outermost recorded call down to the method, joined by ';', as in
 * {@code call_tree}), objects or bytes allocated at a site, exceptions thrown at a site. Each is the same on every run of a deterministic program, so that a change
 * between two runs is a change of the program, never noise.
 */
public enum CountKind {
    CALLS("calls of a method"),
    CONTEXTS("calls in the calling context a context"),
    OBJECTS("objects allocated at a site"),
    BYTES("bytes allocated at a site"),
    THROWS("exceptions thrown at a site");

    private final String meaning;

    CountKind(String meaning) {
        this.meaning = meaning;
    }

    /** Its name in a baseline file and in profq check's output: {@code calls}, {@code objects}, ... */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String meaning() {
        return meaning;
    }

    /** What a count of this kind at {@code subject} counts: {@code objects allocated at a.B.c():4 int[]}. */
    public String meaningOf(String subject) {
        return meaning.replace("a method", subject).replace("a site", subject).replace("a context", subject);
    }

    /** The kind named {@code word}, or an IllegalArgumentException naming the kinds. */
    static CountKind of(String word) {
        for (CountKind kind : values()) {
            if (kind.word().equals(word)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("'" + word + "' is not a kind of exact count (calls, contexts, objects, bytes, throws)");
    }
}
