package org.profq.event;

import static org.profq.format.RecordingFormat.BATCH_CAPACITY_BYTES;

/**
 * One thread's two event buffers and their hand-overs to the {@link BatchWriter}: the thread fills
 * one while the writer appends the other, and waits only when it has filled one before the other
 * was written. Without a writer (the overhead calibration's recorder, tests) the thread fills one
 * buffer and writes its batches itself.
 */
final class HandOvers {
    /**
     * The longest a program's thread waits for the writer to free its other buffer before it goes
     * on in a new one: a writer held up by something the waiting thread holds (a class loading lock
     * another agent's woven code takes on the writer's thread) can then never stall the program.
     */
    static final long HAND_OVER_WAIT_MILLIS = 5_000;
    /** Null: the owner writes its batches itself. */
    private final BatchWriter writer;
    private final BatchAppender appender;
    /** The buffer being filled. */
    private Buffer current;
    /** The other buffer, made at the first hand-over; null before. */
    private Buffer other;

    HandOvers(BatchWriter writer, BatchAppender appender) {
        this.writer = writer;
        this.appender = appender;
        this.current = new Buffer(appender);
    }

    /** The bytes of the buffer being filled. */
    byte[] filling() {
        return current.bytes;
    }

    /** Whether full buffers go to a writer (rather than being written by their owner). */
    boolean hasWriter() {
        return writer != null;
    }

    /** Whether the batch handed over last has been written (or none was handed over). */
    boolean lastWritten() {
        return other == null || other.isFree();
    }

    /**
     * Hands the filled buffer over as one batch and returns the bytes of the buffer to go on in: the
     * other one once the writer is done with it, at once unless this thread filled a whole buffer
     * meanwhile.
     */
    byte[] handOver(int length, int count, long sequence, long baseNanos, long firstCall, long firstObject,
                    long lastEventNanos) {
        Buffer full = current;
        full.holdBatch(length, count, sequence, baseNanos, firstCall, firstObject, lastEventNanos);
        writer.handOver(full);
        Buffer next = other;
        if (next == null || (!next.isFree() && !writer.mayWait())) {
            // The first hand-over; or a thread inside profq's own writing, which the writer may be waiting for.
            next = new Buffer(appender);
        } else if (!next.awaitWritten(HAND_OVER_WAIT_MILLIS)) {
            next = new Buffer(appender); // the writer is held up: go on rather than wait for it
        }
        other = full;
        current = next;
        return next.bytes;
    }

    /**
     * Waits until the writer has written every buffer this thread handed over (the last one, as it
     * writes them in order), {@code millis} ms at most; whether it has.
     */
    boolean awaitWritten(long millis) {
        return other == null || other.awaitWritten(millis);
    }

    /** Whether this thread may wait for the writer: not when it is inside profq's own writing ({@link BatchWriter#mayWait}). */
    boolean mayWaitForWriter() {
        return writer != null && writer.mayWait();
    }

    /**
     * One of the thread's two buffers. Handed over, its bytes and batch fields are the writer's
     * until it is written; its monitor (taken once a batch) tells its owner when that is.
     */
    private static final class Buffer implements BatchWriter.HandedOver {
        final byte[] bytes = new byte[BATCH_CAPACITY_BYTES];
        private final BatchAppender appender;
        private int length;
        private int count;
        private long sequence;
        private long baseNanos;
        private long firstCall;
        private long firstObject;
        private long lastEventNanos;
        private boolean handedOver;

        Buffer(BatchAppender appender) {
            this.appender = appender;
        }

        synchronized void holdBatch(int length, int count, long sequence, long baseNanos, long firstCall, long firstObject,
                                    long lastEventNanos) {
            this.length = length;
            this.count = count;
            this.sequence = sequence;
            this.baseNanos = baseNanos;
            this.firstCall = firstCall;
            this.firstObject = firstObject;
            this.lastEventNanos = lastEventNanos;
            handedOver = true;
        }

        @Override
        public void write() {
            try {
                appender.append(bytes, length, count, sequence, baseNanos, firstCall, firstObject, lastEventNanos);
            } finally {
                synchronized (this) {
                    handedOver = false;
                    notifyAll();
                }
            }
        }

        synchronized boolean isFree() {
            return !handedOver;
        }

        /**
         * Waits until the writer is done with this buffer, {@code millis} ms at most; whether it is.
         * An interrupt meanwhile is kept for the program, not taken.
         */
        synchronized boolean awaitWritten(long millis) {
            boolean interrupted = false;
            long deadline = System.nanoTime() + millis * 1_000_000;
            for (long left = millis; handedOver && left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
                try {
                    wait(left);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return !handedOver;
        }
    }
}
