package org.profq.recording;

/** Events the recorder could not keep, by thread and cause (e.g. "write failed"). */
public record Loss(int threadId, String cause, long events) {
}
