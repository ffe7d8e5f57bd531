package org.profq.recording;

/**
 * The recorder's statement ({@code DOC_DEATHS_RECORDED}) that by {@code recordedByNanos} it had
 * recorded the death of every tracked object found by a collection whose report reached it at or
 * before {@code reportsThroughNanos}: a death it recorded later (or never) was not found by such a
 * collection. Both times are on profq's axis; {@code recordedByNanos} is read from the same clock,
 * on the same thread, as the deaths' times.
 */
public record DeathsRecorded(long recordedByNanos, long reportsThroughNanos) {
}
