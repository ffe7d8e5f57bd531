package org.profq.engine.index;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.profq.recording.EventReader;
import org.profq.recording.EventVisitor;
import org.profq.recording.ReaderCheckpoint;
import org.profq.recording.Recording;
import org.profq.recording.ThreadInfo;

/**
 * Reads and decodes a recording's events on a thread of its own and turns them into the rows of
 * the tables being built (one {@link RowCollector} each; an {@link EventFanOut} feeds several), while
 * the index builder packs and writes the rows handed on before: the two halves of a build
 * overlap on two cores. The queue between them is short, so the decoder runs at most a few
 * chunks ahead and memory stays fixed.
 */
final class DecodingThread implements AutoCloseable {
    private static final int CHUNKS_AHEAD = 8;
    /** The chunk that says there are no more: of no table, so it holds no columns. */
    private static final RowChunk END = new RowChunk(null);

    private final Recording recording;
    private final EventReader events;
    private final Map<IndexColumn.Table, RowCollector> collectors;
    /** What the events are visited with: the one table's collector, or a fan-out to several. */
    private final EventVisitor visitor;
    private final BlockingQueue<RowChunk> chunks = new ArrayBlockingQueue<>(CHUNKS_AHEAD);
    private final Thread thread;
    private volatile Throwable failure;
    /** Set when the builder stops reading, early or not: the decoder then stops handing chunks on. */
    private volatile boolean stopped;

    /** Where the reader stopped and what each collector knew then, before it finished: set at the end. */
    private volatile ReaderCheckpoint checkpoint;
    private final Map<IndexColumn.Table, byte[]> states = new EnumMap<>(IndexColumn.Table.class);

    /**
     * Decodes {@code events} into the rows of the tables (tables that are {@link IndexColumn.Table#built}
     * alone) that {@code collectors} collect.
     */
    DecodingThread(Recording recording, EventReader events, Map<IndexColumn.Table, RowCollector> collectors) {
        this.recording = recording;
        this.events = events;
        this.collectors = new EnumMap<>(collectors);
        collectors.values().forEach(collector -> collector.readingFrom(recording));
        this.visitor = collectors.size() == 1 ? collectors.values().iterator().next() : new EventFanOut(collectors.values());
        this.thread = new Thread(this::decode, "profq-index-decoder");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** The next chunk of rows (of any table; each table's in order); null after the last. Rethrows the reader's failure. */
    RowChunk next() throws InterruptedException {
        RowChunk chunk = chunks.take();
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

    /** Where the reader stopped: after {@link #next} gave null. */
    ReaderCheckpoint checkpoint() {
        return checkpoint;
    }

    /** What {@code table}'s collector knew at the end of the events, before it finished: after {@link #next} gave null. */
    byte[] state(IndexColumn.Table table) {
        synchronized (states) {
            return states.get(table);
        }
    }

    /** Gives back a chunk whose rows are written. */
    void recycle(RowChunk chunk) {
        collectors.get(chunk.table.built()).recycle(chunk);
    }

    private void decode() {
        try {
            while (events.visitNextBatch(visitor)) {
                handFull();
            }
            synchronized (states) {
                collectors.forEach((table, collector) -> states.put(table, collector.saveState()));
            }
            checkpoint = events.checkpoint();
            List<ThreadInfo> threads = recording.threads();
            for (RowCollector collector : collectors.values()) {
                collector.finish(recording.durationNanos(), thread -> threads.get(thread - 1).lastNanos());
            }
            synchronized (states) {
                collectors.forEach((table, collector) -> states.put(table, collector.stateAfterFinish(states.get(table))));
            }
            handFull();
            hand(END);
        } catch (InterruptedException e) {
            // stopped by close(): nobody reads any more
        } catch (RuntimeException | Error e) {
            failure = e; // a damaged recording: the builder rethrows it where it reads
            chunks.clear(); // the build fails anyway; the end must fit
            chunks.offer(END);
        }
    }

    /** Hands on the chunks every collector filled, each marked with the events decoded so far. */
    private void handFull() throws InterruptedException {
        for (RowCollector collector : collectors.values()) {
            for (RowChunk chunk : collector.takeFull()) {
                chunk.eventsRead = events.eventsRead();
                hand(chunk);
            }
        }
    }

    /** Queues a chunk, waiting while the builder is behind; gives up when close() stops the decoder. */
    private void hand(RowChunk chunk) throws InterruptedException {
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
