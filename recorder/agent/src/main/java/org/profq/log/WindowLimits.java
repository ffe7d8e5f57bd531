package org.profq.log;

/**
 * How much of a long run a recording keeps ({@code maxsize}, {@code maxage}): the latest window
 * of events, no more than {@code maxBytes} on disk (plus the segment being written) and none
 * older than {@code maxAgeNanos} before the newest. 0 means no limit; both 0, no window.
 */
public record WindowLimits(long maxBytes, long maxAgeNanos) {
    public static final WindowLimits NONE = new WindowLimits(0, 0);
    /**
     * The smallest {@code maxBytes}: the names, the queue's own metadata files and a few
     * segments of {@link EventWindow#MIN_SEGMENT_BYTES} must fit.
     */
    public static final long MIN_BYTES = 1L << 20;
    /** The smallest {@code maxAgeNanos}: batches are written up to a second after their events. */
    public static final long MIN_AGE_NANOS = 10_000_000_000L;

    public WindowLimits {
        if (maxBytes != 0 && maxBytes < MIN_BYTES || maxAgeNanos != 0 && maxAgeNanos < MIN_AGE_NANOS) {
            throw new IllegalArgumentException("a window of " + maxBytes + " bytes and " + maxAgeNanos + " ns is too small");
        }
    }

    public boolean isSet() {
        return maxBytes > 0 || maxAgeNanos > 0;
    }
}
