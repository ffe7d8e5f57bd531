package org.profq.recording;

/** A thread that recorded events; {@code id} is profq's, {@code javaThreadId} the JVM's {@code Thread.getId()}. */
public record ThreadInfo(int id, long javaThreadId, String name, boolean daemon, long firstNanos) {
}
