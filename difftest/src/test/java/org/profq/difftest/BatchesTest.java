package org.profq.difftest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** How the checks of several recordings are dealt out to threads. */
class BatchesTest {
    @Test
    void aThreadGetsTheFreeRecordingWithTheMostChecksLeft() throws InterruptedException {
        Batches batches = new Batches(List.of("a", "b", "c"), 50);
        Batches.Batch first = batches.take();
        Batches.Batch second = batches.take();
        assertEquals(new Batches.Batch(0, 0, 20), first);
        assertEquals(new Batches.Batch(1, 0, 20), second);
        batches.done(first);
        // c has 50 left, a 30: c, though a is free again
        assertEquals(new Batches.Batch(2, 0, 20), batches.take());
        batches.done(second);
        assertEquals(new Batches.Batch(0, 20, 40), batches.take());
    }

    @Test
    void everyCheckIsDealtOnceAndNoRecordingToTwoThreadsAtOnce() throws Exception {
        int perRecording = 97;
        Batches batches = new Batches(List.of("a", "b", "c"), perRecording);
        int[][] dealt = new int[3][perRecording];
        boolean[] inUse = new boolean[3];
        List<String> clashes = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        List<Future<?>> runs = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            runs.add(threads.submit(() -> {
                for (Batches.Batch batch = batches.take(); batch != null; batch = batches.take()) {
                    synchronized (inUse) {
                        if (inUse[batch.target()]) {
                            clashes.add(batch.toString());
                        }
                        inUse[batch.target()] = true;
                    }
                    for (int i = batch.from(); i < batch.to(); i++) {
                        dealt[batch.target()][i]++;
                    }
                    Thread.sleep(1);
                    synchronized (inUse) {
                        inUse[batch.target()] = false;
                    }
                    batches.done(batch);
                }
                return null;
            }));
        }
        for (Future<?> run : runs) {
            run.get(30, TimeUnit.SECONDS);
        }
        threads.shutdown();
        assertEquals(List.of(), clashes);
        for (int[] recording : dealt) {
            for (int times : recording) {
                assertEquals(1, times);
            }
        }
        assertNull(batches.take());
    }
}
