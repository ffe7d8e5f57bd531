package org.profq.engine.index;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.profq.recording.EventReader;
import org.profq.recording.RecordedEvent;

/**
 * Reads and decodes a recording's events on a thread of its own, a chunk at a time, while the
 * index builder turns the previous chunks into rows: reading the log, checking its batches and
 * decoding them is about a third of a build, so the two halves overlap on two cores. The queue
 * between them is short, so the decoder runs at most a few chunks ahead and memory stays fixed.
 */
final class DecodingThread implements AutoCloseable {
    private static final int CHUNK_EVENTS = 8192;
    private static final int CHUNKS_AHEAD = 4;
    /** The chunk that says there are no more. */
    private static final RecordedEvent[] END = new RecordedEvent[0];

    private final EventReader events;
    private final BlockingQueue<RecordedEvent[]> chunks = new ArrayBlockingQueue<>(CHUNKS_AHEAD);
    private final Thread thread;
    private volatile Throwable failure;
    /** Set when the builder stops reading, early or not: the decoder then stops handing chunks on. */
    private volatile boolean stopped;

    DecodingThread(EventReader events) {
        this.events = events;
        this.thread = new Thread(this::decode, "profq-index-decoder");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** The next chunk of events, in log order (the last one may be shorter); null after the last. Rethrows the reader's failure. */
    RecordedEvent[] next() throws InterruptedException {
        RecordedEvent[] chunk = chunks.take();
        if (chunk == END) {
            chunks.offer(END); // later calls see the end too
            Throwable thrown = failure;
            if (thrown instanceof RuntimeException e) {
                throw e;
            }
            if (thrown instanceof Error e) {
                throw e;
            }
            return null;
        }
        return chunk;
    }

    private void decode() {
        try {
            RecordedEvent[] chunk = new RecordedEvent[CHUNK_EVENTS];
            int filled = 0;
            while (events.hasNext()) {
                chunk[filled++] = events.next();
                if (filled == CHUNK_EVENTS) {
                    hand(chunk);
                    chunk = new RecordedEvent[CHUNK_EVENTS];
                    filled = 0;
                }
            }
            if (filled > 0) {
                RecordedEvent[] last = new RecordedEvent[filled];
                System.arraycopy(chunk, 0, last, 0, filled);
                hand(last);
            }
            hand(END);
        } catch (InterruptedException e) {
            // stopped by close(): nobody reads any more
        } catch (RuntimeException | Error e) {
            failure = e; // a damaged recording: the builder rethrows it where it reads
            chunks.clear(); // the build fails anyway; the end must fit
            chunks.offer(END);
        }
    }

    /** Queues a chunk, waiting while the builder is behind; gives up when close() stops the decoder. */
    private void hand(RecordedEvent[] chunk) throws InterruptedException {
        while (!chunks.offer(chunk, 50, TimeUnit.MILLISECONDS)) {
            if (stopped) {
                throw new InterruptedException("the index builder stopped reading");
            }
        }
    }

    /** Stops the decoder (if the builder stopped early) and waits for it, so the reader can be closed after. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join();
    }
}
