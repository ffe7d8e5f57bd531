package org.profq.check;

/** A rule of profq check: where it was written (its line in the rules file, 0 for one an option gave) and its text. */
public interface Rule {
    int line();

    String text();

    /** Where the rule comes from, for a person: {@code line 3, objects a.* <= 10}, or the option's text. */
    default String where() {
        return line() > 0 ? "line " + line() + ", " + text() : text();
    }
}
