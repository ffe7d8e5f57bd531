package org.profq.engine.index;

import org.profq.recording.Recording;

/**
 * The progress of an index build, reported to the {@link Display} a front end sets (the CLI's
 * progress bar) once the build has taken more than a second, so quick builds show nothing. With
 * no display set, as in a JDBC client, nothing is shown.
 */
public final class IndexProgress implements AutoCloseable {
    private static final long SHOW_AFTER_NANOS = 1_000_000_000L;

    /** Where a front end shows index builds: one {@link Bar} per build that takes a while. */
    public interface Display {
        /** A bar for the build of {@code recording}, whose {@code totalEvents} events are being read; null to show none. */
        Bar start(String recording, long totalEvents);
    }

    /** One build's progress, as a front end shows it. */
    public interface Bar {
        void eventsRead(long events);

        /** The build ended (its events all read, or it failed). */
        void close();
    }

    private static volatile Display display;

    private final Recording recording;
    private final long startNanos = System.nanoTime();
    private Bar bar;

    IndexProgress(Recording recording) {
        this.recording = recording;
    }

    /** Shows every later index build of this JVM on {@code display}. */
    public static void showOn(Display display) {
        IndexProgress.display = display;
    }

    void eventsRead(long events) {
        Display shown = display;
        if (bar == null && shown != null && System.nanoTime() - startNanos > SHOW_AFTER_NANOS) {
            bar = shown.start(recording.directory().getFileName().toString(), recording.eventCount());
        }
        if (bar != null) {
            bar.eventsRead(events);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.eventsRead(recording.eventCount());
            bar.close();
        }
    }
}
