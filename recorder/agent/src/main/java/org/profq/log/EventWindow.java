package org.profq.log;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.stream.Stream;

import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * Keeps the latest window of a recording's batches ({@link WindowLimits}). The {@code events/}
 * queue is cut into segments, one Chronicle cycle file each: a new one is begun when the current
 * one holds {@code segmentBytes} of batches or spans a quarter of the maximum age, and the oldest
 * are deleted while the recording would be larger than the maximum size without the segment
 * being written, or while they hold nothing younger than the maximum age.
 *
 * <p>Chronicle rolls files on time cycles only, so the queue gets a clock of its own: segment
 * {@code n} is cycle {@code n} of a five-minute roll cycle counted from 1970. Those cycles lie in
 * the past of every reader, which matters: a Chronicle tailer does not move into a cycle that is
 * in its future.
 *
 * <p>Called under the {@link EventLog}'s monitor once per batch: nothing here runs per event, and
 * the files are looked at only when a segment ends.
 */
final class EventWindow {
    static final RollCycle ROLL_CYCLE = RollCycles.FIVE_MINUTELY;
    /** The smallest segment; {@link WindowLimits#MIN_BYTES} holds a few. */
    static final long MIN_SEGMENT_BYTES = 128L << 10;
    /** Segments when only an age is set: few files, little waste. */
    private static final long AGE_ONLY_SEGMENT_BYTES = 16L << 20;
    /** How many segments the maximum size is cut into: the window's granularity. */
    private static final int SEGMENTS_PER_WINDOW = 8;
    /**
     * A segment file grows in blocks of this size (plus as much again of overlap): small, so a
     * segment file is not much larger than its batches (32 KiB each at most).
     */
    static final long BLOCK_SIZE = 64L << 10;

    /** Told when a segment was deleted: its events by thread id, and the window's new totals. */
    interface Drops {
        void dropped(long[] eventsByThread, long windowStartNanos, long eventsDropped);
    }

    private final WindowLimits limits;
    private final Path events;
    private final Path names;
    private final long segmentBytes;
    private final long segmentNanos;
    /** Ended segments, oldest first. */
    private final ArrayDeque<Segment> ended = new ArrayDeque<>();
    /** Names a cycle's file as Chronicle does: the start of the cycle in UTC, in the roll cycle's format. */
    private static final DateTimeFormatter FILE_NAMES = DateTimeFormatter.ofPattern(ROLL_CYCLE.format()).withZone(ZoneOffset.UTC);
    /** Read by Chronicle's appender through {@link #clock()}. */
    private volatile int currentCycle;
    private Segment current = new Segment(0);
    private boolean purgeDue;
    private long windowStartNanos;
    private long eventsDropped;

    EventWindow(WindowLimits limits, Path events, Path names) {
        this.limits = limits;
        this.events = events;
        this.names = names;
        this.segmentBytes = limits.maxBytes() > 0
                ? Math.max(MIN_SEGMENT_BYTES, limits.maxBytes() / SEGMENTS_PER_WINDOW) : AGE_ONLY_SEGMENT_BYTES;
        this.segmentNanos = limits.maxAgeNanos() > 0 ? limits.maxAgeNanos() / 4 : Long.MAX_VALUE;
    }

    /** The queue's clock: the current segment's cycle. */
    TimeProvider clock() {
        return () -> currentCycle * (long) ROLL_CYCLE.lengthInMillis();
    }

    private File file(Segment segment) {
        return events.resolve(FILE_NAMES.format(Instant.ofEpochMilli(segment.cycle * (long) ROLL_CYCLE.lengthInMillis()))
                + SingleChronicleQueue.SUFFIX).toFile();
    }

    /**
     * After a batch of {@code count} events of thread {@code threadId}, ending at
     * {@code lastNanos}, took {@code size} bytes in the current segment: ends the segment when it
     * is full, and deletes the oldest segments the limits no longer allow.
     */
    void added(int threadId, long count, long lastNanos, int size, Drops drops) {
        current.add(threadId, count, lastNanos, size);
        if (current.bytes >= segmentBytes || lastNanos - current.firstNanos >= segmentNanos) {
            ended.add(current);
            current = new Segment(++currentCycle);
            purgeDue = true;
        }
        Segment oldest = ended.peekFirst();
        if (purgeDue || oldest != null && isTooOld(oldest, lastNanos)) {
            purge(lastNanos, drops);
        }
    }

    private boolean isTooOld(Segment segment, long nowNanos) {
        return limits.maxAgeNanos() > 0 && segment.lastNanos < nowNanos - limits.maxAgeNanos();
    }

    /**
     * Deletes the oldest ended segments while the limits say so. The newest ended one is deleted
     * only once a batch has gone into the current one: the appender moved on to the new cycle,
     * after writing the end-of-file mark into the old one, and writes no more there.
     */
    private void purge(long nowNanos, Drops drops) {
        purgeDue = false;
        long size = limits.maxBytes() > 0 ? fixedBytes() + endedBytes() : 0;
        while (!ended.isEmpty()) {
            Segment oldest = ended.peekFirst();
            boolean tooLarge = limits.maxBytes() > 0 && size > limits.maxBytes();
            if (!tooLarge && !isTooOld(oldest, nowNanos)) {
                return;
            }
            if (oldest == ended.peekLast() && current.events == 0) {
                purgeDue = true;
                return;
            }
            File file = file(oldest);
            long fileSize = file.length();
            try {
                Files.delete(file.toPath());
            } catch (IOException | SecurityException e) {
                return; // kept (or not where expected), and so not counted as dropped; tried again when the next segment ends
            }
            ended.removeFirst();
            size -= fileSize;
            eventsDropped += oldest.events;
            windowStartNanos = Math.max(windowStartNanos, oldest.lastNanos);
            drops.dropped(oldest.eventsByThread, windowStartNanos, eventsDropped);
        }
    }

    /** What is never deleted: the names queue and the events queue's metadata. */
    private long fixedBytes() {
        return directoryBytes(names) + directoryBytes(events, file -> !file.getFileName().toString().endsWith(".cq4"));
    }

    private long endedBytes() {
        long total = 0;
        for (Segment segment : ended) {
            total += file(segment).length();
        }
        return total;
    }

    private static long directoryBytes(Path directory) {
        return directoryBytes(directory, file -> true);
    }

    private static long directoryBytes(Path directory, java.util.function.Predicate<Path> which) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(which).mapToLong(file -> file.toFile().length()).sum();
        } catch (IOException | SecurityException e) {
            return 0;
        }
    }

    /** One cycle file's batches: how many events of each thread, and their times. */
    private static final class Segment {
        final int cycle;
        long[] eventsByThread = new long[16];
        long events;
        long bytes;
        long firstNanos = -1;
        long lastNanos;

        Segment(int cycle) {
            this.cycle = cycle;
        }

        void add(int threadId, long count, long batchLastNanos, int size) {
            if (threadId >= eventsByThread.length) {
                eventsByThread = Arrays.copyOf(eventsByThread, Math.max(threadId + 1, eventsByThread.length * 2));
            }
            eventsByThread[threadId] += count;
            events += count;
            bytes += size;
            if (firstNanos < 0) {
                firstNanos = batchLastNanos;
            }
            lastNanos = Math.max(lastNanos, batchLastNanos);
        }
    }
}
