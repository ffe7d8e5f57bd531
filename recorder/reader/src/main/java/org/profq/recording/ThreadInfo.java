package org.profq.recording;

/**
 * A thread that recorded events; {@code id} is profq's, {@code javaThreadId} the JVM's
 * {@code Thread.getId()}. {@code firstNanos} is when it first recorded, {@code lastNanos} the
 * time of its last event in the log.
 */
public record ThreadInfo(int id, long javaThreadId, String name, boolean daemon, long firstNanos, long lastNanos) {
    ThreadInfo withLastNanos(long last) {
        return new ThreadInfo(id, javaThreadId, name, daemon, firstNanos, last);
    }
}
