package org.profq.engine;

import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The index builds and extensions of this JVM, counted from what the index logs at DEBUG: for
 * tests that check an index is reused, or extended rather than built again.
 */
final class IndexActivity {
    private static final AtomicLong BUILDS = new AtomicLong();
    private static final AtomicLong EXTENSIONS = new AtomicLong();
    /** Held here: java.util.logging keeps its loggers weakly, and a collected logger forgets its level and handler. */
    private static final Logger INDEX_LOG = Logger.getLogger("org.profq.engine.index");

    static {
        INDEX_LOG.setLevel(Level.FINE);
        INDEX_LOG.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                String message = record.getMessage();
                if (message.startsWith("built ")) {
                    BUILDS.incrementAndGet();
                } else if (message.startsWith("extended ")) {
                    EXTENSIONS.incrementAndGet();
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
    }

    private IndexActivity() {
    }

    /** How many times this JVM has built tables of an index (one pass over the events each). */
    static long builds() {
        return BUILDS.get();
    }

    /** How many times this JVM has extended tables of an index (one pass over the events after those they held each). */
    static long extensions() {
        return EXTENSIONS.get();
    }
}
