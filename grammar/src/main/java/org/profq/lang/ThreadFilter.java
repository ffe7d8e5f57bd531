package org.profq.lang;

/**
 * A statement's thread filter ({@code where thread = 'worker*'}): the rows a profile adds up
 * are those of the threads it names.
 *
 * @param text      the filter as the user wrote it: {@code thread = 'worker*'}
 * @param condition the same as SQL over the {@code threads} table's {@code name}
 */
public record ThreadFilter(String text, String condition) {
}
