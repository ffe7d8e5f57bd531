package org.profq.api;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Records events of the program's own domain into the profq recording of this JVM, one table
 * per event name ({@code event_<name>}), beside the calls and allocations:
 *
 * <pre>{@code
 * Profq.event("ball_velocity").put("dx", dx).put("dy", dy).emit();
 * }</pre>
 *
 * <p>Without a recording every call does nothing, at the cost of a field read. With one, an
 * event allocates nothing: each thread fills one reused {@link Event}, so build one event at a
 * time per thread, from {@code event} to {@code emit}. A column's type is fixed by its first
 * value; an event that puts another type in it is dropped, counted as lost and named once in the
 * recording's warnings. Nothing here ever throws into the program.
 *
 * <p>The profq agent's jar carries these classes too: a program on the class path shares them
 * with the agent (both load through the system class loader) whichever copy comes first.
 */
public final class Profq {
    /** The agent installs its recorder here when it starts and the no-op back when the recording ends. */
    private static volatile EventSink sink = EventSink.NONE;

    /** Starts the calling thread's next event named {@code name} (lower-case letters, digits and _: a table event_{@code name}). */
    public static Event event(String name) {
        return sink.event(name);
    }

    /**
     * Writes what this thread recorded so far (its calls, allocations and events) into the
     * recording, and waits until it is there (5 s at most), so that a reader of the recording, in
     * this JVM or another, sees it now rather than after the flush interval. The last events of
     * threads that have ended are written too, before this thread's (a thread that started and
     * joined others finds their events in the recording); the events of other threads still running
     * are written as usual. Without a recording it does nothing.
     */
    public static void flush() {
        sink.flush();
    }

    /** The directory of the recording this JVM is being recorded into ({@code <name>.profq}), if it is being recorded. */
    public static Optional<Path> recordingDirectory() {
        return Optional.ofNullable(sink.directory());
    }

    /** Whether this JVM is being recorded: events are kept. */
    public static boolean recording() {
        return sink != EventSink.NONE;
    }

    /** For the profq agent: where events go from now on; {@code null} for nowhere. */
    public static void install(EventSink recorder) {
        sink = recorder == null ? EventSink.NONE : recorder;
    }

    private Profq() {
    }
}
