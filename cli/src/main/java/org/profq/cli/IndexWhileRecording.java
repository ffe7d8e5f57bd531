package org.profq.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.profq.engine.api.Indexing;
import org.profq.format.RecordingLayout;
import org.profq.recording.Recording;

/**
 * Indexes a recording while its program runs, so that when the program ends only the tail of the
 * log is left to index: a thread of {@code profq record}'s own (never the program's JVM, never
 * its threads) that, every {@link #PERIOD_MILLIS} ms, reads what the recorder flushed since
 * ({@link Recording#refresh}) and extends every table of the index with it (the first time,
 * builds them). It yields to the program: it extends only after a period in which the other
 * processes left {@link #SPARE_CORES} of the machine's cores idle ({@link SpareCores}), and the
 * thread, and the decoding thread it starts, run at the lowest priority and, on Linux, at nice 19.
 * A program that keeps the cores busy is not indexed while it runs: the first query does it.
 * {@link #finish} indexes the tail once the program has ended. Anything that goes wrong stops it
 * quietly: the index is derived data, built on first query as without it.
 */
final class IndexWhileRecording {
    /** How often it reads on: {@code -Dprofq.indexPeriodMillis} (tests make it short), else a second. */
    static final long PERIOD_MILLIS = Long.getLong("profq.indexPeriodMillis", 1_000);
    /**
     * The idle cores a period must have left for an extension after it: {@code
     * -Dprofq.indexSpareCores}, else a whole core. Less is not enough on two cores: ManyEvents (its
     * thread, the recorder's writer) leaves about a fifth of one and a nice-19 indexer slowed it by
     * 7–18 %; lucene-index (its thread, the JIT's, the writer) left over half of one, and an
     * indexer let in by that slowed it by 5–47 % (docs/benchmarks.md, "Index while recording").
     */
    static final double SPARE_CORES = Double.parseDouble(System.getProperty("profq.indexSpareCores", "1"));

    private final Path directory;
    private final Thread thread;
    private boolean programEnded;
    /** Whether the thread is extending the index (rather than waiting for the next period). */
    private volatile boolean extending;
    /** The log bytes the extension under way (or the last one) indexes. */
    private volatile long extensionBytes;
    /** At the program's end, more than this left to index is left to the first query (which extends only the tables it reads). */
    static final long TAIL_LIMIT_BYTES = 64L << 20;

    private Recording recording;
    /** The log bytes the index covers. */
    private long indexedLogBytes;
    /**
     * Whether {@code calls} is in the index. It waits for the recording's calibration (written
     * within about a second of the start, or at the end of a shorter program): the totals per
     * calling context it keeps are worked out with it, and totals worked out without it would
     * never be trusted again, so the time views would scan every call.
     */
    private boolean callsIndexed;
    private volatile Throwable failure;

    private IndexWhileRecording(Path directory) {
        this.directory = directory;
        this.thread = new Thread(this::follow, "profq-index-while-recording");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
    }

    /** Starts indexing {@code directory}, the recording the program is writing. */
    static IndexWhileRecording start(Path directory) {
        IndexWhileRecording indexer = new IndexWhileRecording(directory);
        indexer.thread.start();
        return indexer;
    }

    /**
     * After the program ended: waits for the extension under way (abandons it if it has more than
     * {@link #TAIL_LIMIT_BYTES} to index), then indexes what the log holds now (the tail, and the
     * end record) on the calling thread, if the indexer kept up with the program ({@link
     * #TAIL_LIMIT_BYTES} or less is left); if it did not (a program that writes events faster than
     * they can be indexed), the first query extends the tables it reads from where the indexer
     * stopped. Quiet when it cannot.
     */
    void finish() {
        synchronized (this) {
            programEnded = true;
            notifyAll();
        }
        boolean abandoned = extending && extensionBytes > TAIL_LIMIT_BYTES;
        if (abandoned) {
            // An indexer that fell behind a busy program: finishing it would take long. It is
            // abandoned (its manifest is not replaced, so the index stays as the last extension
            // left it) and the rest left to the first query, which extends only the tables it reads.
            thread.interrupt();
        } // else one that kept up is left to finish (the program's cores are free now), and the tail is then small
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (failure != null || thread.isAlive()) {
            return;
        }
        if (abandoned && recording != null) {
            recording.close(); // its reader may have been closed by the interrupt: the tail reads the log afresh
            recording = null;
        }
        Indexing.showProgressOn(new IndexProgressBar()); // the program has ended: its terminal can show the tail's progress
        try {
            indexOnce(TAIL_LIMIT_BYTES);
        } catch (RuntimeException | Error e) {
            // the first query builds what is missing
        } finally {
            if (recording != null) {
                recording.close();
            }
        }
    }

    /** Extends the index after every period that left cores to spare, until the program ends (an extension under way is finished, not interrupted). */
    private void follow() {
        lowerPriority();
        Optional<SpareCores> spare = SpareCores.startCounting();
        try {
            while (waitForNextPeriod()) {
                if (spare.isPresent() && spare.get().sinceLastLook() < SPARE_CORES) {
                    continue; // the program is busy: it is left the cores, and the index to the end or the first query
                }
                extending = true;
                try {
                    indexOnce(Long.MAX_VALUE);
                } finally {
                    extending = false;
                }
            }
        } catch (InterruptedException | RuntimeException | Error e) {
            if (!programEnded()) {
                failure = e; // e.g. a damaged recording: the first query builds the index, and says why
            } // else interrupted by finish(): the extension was abandoned, the index is as the last one left it
        }
    }

    private synchronized boolean programEnded() {
        return programEnded;
    }

    /** Waits a period; false once the program has ended. */
    private synchronized boolean waitForNextPeriod() throws InterruptedException {
        if (!programEnded) {
            wait(PERIOD_MILLIS);
        }
        return !programEnded;
    }

    /**
     * Reads on in the log and extends the index with what was flushed since the last time
     * (nothing when nothing was, or when more than {@code limitBytes} was).
     */
    private void indexOnce(long limitBytes) {
        if (recording == null) {
            if (!Files.isDirectory(RecordingLayout.eventsDirectory(directory))) {
                return;
            }
            try {
                recording = Recording.open(directory);
            } catch (RuntimeException notStarted) {
                return; // no header yet
            }
        } else {
            Recording newer = recording.refresh();
            if (newer == recording) {
                return;
            }
            recording = newer;
        }
        extensionBytes = recording.logBytes() - indexedLogBytes;
        if (extensionBytes > limitBytes) {
            return;
        }
        boolean withCalls = callsIndexed || recording.calibration().isPresent()
                || programEnded() && recording.logBytes() <= limitBytes;
        Indexing.extend(recording, withCalls);
        callsIndexed |= withCalls;
        indexedLogBytes = recording.logBytes();
    }

    /**
     * Linux's idle scheduling class for this thread and the threads it starts (set per thread, and
     * inherited): a thread of it runs only on a core nothing else wants, and any other thread
     * that wakes takes the core at once. Nice 19 alone still left the program's threads waiting
     * for the indexer's time slices (lucene-index ran 1.6 times as long); nice 19 stays for
     * where {@code chrt} is missing.
     */
    private static void lowerPriority() {
        try {
            Path self = Files.readSymbolicLink(Path.of("/proc/thread-self"));
            String threadId = self.getFileName().toString();
            run("renice", "-n", "19", "-p", threadId);
            run("chrt", "--idle", "-p", "0", threadId);
        } catch (Exception | LinkageError unavailable) {
            // not Linux, or neither tool: the lowest Java priority is what it gets
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                .waitFor(10, TimeUnit.SECONDS);
    }
}
