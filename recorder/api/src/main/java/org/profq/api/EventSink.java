package org.profq.api;

import java.nio.file.Path;

/** Where {@link Profq#event} hands events: the profq agent's recorder, or nowhere ({@link #NONE}). */
public interface EventSink {
    /** Keeps nothing: no recording is active. */
    EventSink NONE = name -> NoEvent.INSTANCE;

    /** The calling thread's event builder, started for an event named {@code name}. */
    Event event(String name);

    /** Writes the calling thread's events into the recording and waits until they are there; nothing without a recording. */
    default void flush() {
    }

    /** The recording's directory ({@code <name>.profq}); null without a recording. */
    default Path directory() {
        return null;
    }

    /** The event of {@link #NONE}: every call does nothing. */
    final class NoEvent implements Event {
        static final NoEvent INSTANCE = new NoEvent();

        @Override
        public Event put(String column, long value) {
            return this;
        }

        @Override
        public Event put(String column, double value) {
            return this;
        }

        @Override
        public Event put(String column, boolean value) {
            return this;
        }

        @Override
        public Event put(String column, String value) {
            return this;
        }

        @Override
        public void emit() {
        }

        private NoEvent() {
        }
    }
}
