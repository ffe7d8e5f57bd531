package org.profq.engine.api;

/** Where a front end shows index builds that take a while (more than a second): one {@link Bar} per build. */
public interface ProgressDisplay {

    /** A bar for the build of {@code recording}, whose {@code totalEvents} events are being read; null to show none. */
    Bar start(String recording, long totalEvents);

    /** One build's progress, as a front end shows it. */
    interface Bar {
        void eventsRead(long events);

        /** The build ended (its events all read, or it failed). */
        void close();
    }
}
