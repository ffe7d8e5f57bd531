package org.profq.api;

/**
 * One event being built on the calling thread: its columns' values, then {@link #emit}. Column
 * names are letters, digits and {@code _}; a null string is SQL NULL, as is a column not put.
 */
public interface Event {
    Event put(String column, long value);

    Event put(String column, double value);

    Event put(String column, boolean value);

    Event put(String column, String value);

    /** Records the event with the values put, the time and the running call; the thread's next event starts empty. */
    void emit();
}
