package org.profq.difftest;

import java.util.List;

/**
 * Deals out the checks of several recordings to threads in batches. A recording's connections
 * answer one statement at a time, so it is given to one thread at a time; a thread that asks
 * for work gets the next batch of the free recording with the most checks left, so that the
 * recordings finish together and no thread waits idle while one of them still has a long run
 * of checks (three recordings on two threads, taken whole, left one thread alone with the
 * third for a third of the run).
 */
final class Batches {
    /** Checks {@code from} (inclusive) to {@code to} (exclusive) of recording {@code target}. */
    record Batch(int target, int from, int to) {
    }

    /** Small enough to even out the end of a run, large enough that taking one costs nothing. */
    static final int SIZE = 20;

    private final int[] next;
    private final int perRecording;
    private final boolean[] busy;

    Batches(List<?> targets, int perRecording) {
        this.next = new int[targets.size()];
        this.busy = new boolean[targets.size()];
        this.perRecording = perRecording;
    }

    /** The next batch, waiting while every recording with checks left is being checked; null when none is left. */
    synchronized Batch take() throws InterruptedException {
        while (true) {
            int best = -1;
            boolean left = false;
            for (int t = 0; t < next.length; t++) {
                if (next[t] < perRecording) {
                    left = true;
                    if (!busy[t] && (best < 0 || next[t] < next[best])) {
                        best = t;
                    }
                }
            }
            if (best >= 0) {
                Batch batch = new Batch(best, next[best], Math.min(perRecording, next[best] + SIZE));
                next[best] = batch.to();
                busy[best] = true;
                return batch;
            }
            if (!left) {
                return null;
            }
            wait();
        }
    }

    /** Gives {@code batch}'s recording back, for the next batch of it. */
    synchronized void done(Batch batch) {
        busy[batch.target()] = false;
        notifyAll();
    }
}
