package org.profq.event;

import java.util.concurrent.locks.LockSupport;

/**
 * Nanoseconds since the recording started, read once per event.
 *
 * <p>By default the clock is a ticker: a daemon thread publishes {@code System.nanoTime()}
 * every {@code tick} and events read that field, which costs a plain load instead of a clock
 * call (DESIGN.md: the clock is the biggest lever on overhead). Time resolution is then the
 * tick. {@code clock=exact} reads {@code System.nanoTime()} on every event instead.
 */
public final class Clock {
    private static volatile long tickNanos;
    private static long originNanos = System.nanoTime();
    private static boolean exact;

    /** Now, in ns since {@link #start}. */
    public static long now() {
        return exact ? System.nanoTime() - originNanos : tickNanos;
    }

    /** Starts time at zero; with a ticker, {@code ticker} runs after each tick (housekeeping). */
    static void start(boolean exactClock, long tickPeriodNanos, Runnable everyTick) {
        originNanos = System.nanoTime();
        exact = exactClock;
        tickNanos = 0;
        Thread thread = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                LockSupport.parkNanos(tickPeriodNanos);
                tickNanos = System.nanoTime() - originNanos;
                everyTick.run();
            }
        }, "profq-clock");
        thread.setDaemon(true);
        thread.start();
    }

    /** The current reading of the real clock, whatever the mode: for start and end marks. */
    public static long preciseNow() {
        return System.nanoTime() - originNanos;
    }

    private Clock() {
    }
}
