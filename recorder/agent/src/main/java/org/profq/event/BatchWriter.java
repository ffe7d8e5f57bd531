package org.profq.event;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Appends the batches threads hand over to the log, on a thread of its own, so that the copy into
 * the memory-mapped file, its checksum and its page faults are not paid by the program's thread.
 *
 * <p>Each thread owns two buffers ({@link ThreadRecorder}): it fills one while this writes the
 * other, and waits only when it has filled one before the other was written. Batches are written
 * in the order they were handed over, so a thread's batches reach the log in sequence. The queue
 * is an array: handing over allocates nothing, and takes its lock once a batch, never per event.
 */
final class BatchWriter {
    /** Two buffers a thread: room for more threads' batches than the writer ever falls behind by. */
    private static final int QUEUE_CAPACITY = 4096;

    /** A full buffer of one thread, handed over to be written, then free again for its owner. */
    interface HandedOver {
        /** On the writer's thread: appends the batch to the log (or counts its events lost), then frees it. */
        void write();
    }

    private final BlockingQueue<HandedOver> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    /** The monitors the writer can take besides the buffers': the log's, and the dictionary's (the log's stop listener). */
    private final Object[] monitorsTaken;

    private BatchWriter(Object[] monitorsTaken) {
        this.monitorsTaken = monitorsTaken;
    }

    /** Starts the writer's daemon thread; {@code monitorsTaken}: every monitor appending a batch can take. */
    static BatchWriter start(Object... monitorsTaken) {
        BatchWriter writer = new BatchWriter(monitorsTaken.clone());
        Thread thread = new Thread(writer::run, "profq-writer");
        thread.setDaemon(true);
        thread.start();
        return writer;
    }

    /**
     * Queues {@code batch}; waits only when the queue is full (the writer is behind by thousands of
     * batches). The waiting thread's interrupt is kept for the program, not taken.
     */
    void handOver(HandedOver batch) {
        boolean interrupted = false;
        while (true) {
            try {
                queue.put(batch);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Whether the calling thread may wait for the writer: not while it holds a monitor the writer
     * may need (a thread inside profq's own writing, where another agent's woven code can run).
     */
    boolean mayWait() {
        for (Object monitor : monitorsTaken) {
            if (Thread.holdsLock(monitor)) {
                return false;
            }
        }
        return true;
    }

    private void run() {
        while (true) {
            HandedOver batch;
            try {
                batch = queue.take();
            } catch (InterruptedException e) {
                continue; // nobody but profq stops this thread, and profq never does: it ends with the JVM
            }
            try {
                batch.write();
            } catch (Throwable t) {
                Recorder.internalError(t); // the writer must keep writing the other threads' batches
            }
        }
    }
}
