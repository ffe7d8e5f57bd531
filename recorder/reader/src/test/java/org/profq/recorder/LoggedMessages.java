package org.profq.recorder;

import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Counts what a logger of this JVM logs at DEBUG (java.util.logging's FINE) or above whose message
 * starts with a given text: how a test sees work the engine does not show in its answers (an index
 * built or reused, an aggregation answered from totals), without counters in production classes.
 */
public final class LoggedMessages {
    private final AtomicLong count = new AtomicLong();
    /** Held here: java.util.logging keeps its loggers weakly, and a collected logger forgets its level and handler. */
    private final Logger logger;

    private LoggedMessages(String loggerName, String prefix) {
        this.logger = Logger.getLogger(loggerName);
        logger.setLevel(Level.FINE);
        logger.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getMessage() != null && record.getMessage().startsWith(prefix)) {
                    count.incrementAndGet();
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

    /** Counts, from now on, the messages of logger {@code loggerName} (a package name) that start with {@code prefix}. */
    public static LoggedMessages of(String loggerName, String prefix) {
        return new LoggedMessages(loggerName, prefix);
    }

    /** How many such messages were logged since {@link #of}. */
    public long count() {
        return count.get();
    }
}
