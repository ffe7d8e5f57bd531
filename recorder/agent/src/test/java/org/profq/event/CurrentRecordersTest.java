package org.profq.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/**
 * The advice's look-up of its thread's recorder: the thread-local is asked once, then the table
 * answers; a thread whose slot another running thread holds asks the thread-local every time and
 * still gets its own recorder; a slot whose thread ended is taken over; a stand-in is never kept.
 * Each test runs on threads of its own, as the table is shared by the JVM.
 */
class CurrentRecordersTest {
    /** The slots' count in {@link CurrentRecorders}: threads whose ids are equal modulo it share a slot. */
    private static final int SLOTS = 1 << 12;

    /** A thread-local that counts how often it is asked. */
    private static final class CountedRecorders extends ThreadLocal<ThreadRecorder> {
        int gets;

        @Override
        protected ThreadRecorder initialValue() {
            return new ThreadRecorder(1, Thread.currentThread(), null, Long.MAX_VALUE, null);
        }

        @Override
        public ThreadRecorder get() {
            gets++;
            return super.get();
        }
    }

    @Test
    void theThreadLocalIsAskedOnceThenTheTableAnswers() throws Exception {
        assertTrue(CurrentRecorders.usesTable(), "java.lang is open to the tests, as to the agent");
        onNewThread(() -> {
            CountedRecorders truth = new CountedRecorders();
            ThreadRecorder first = CurrentRecorders.get(truth);
            for (int i = 0; i < 10; i++) {
                assertSame(first, CurrentRecorders.get(truth));
            }
            assertSame(truth.get(), first);
            assertEquals(2, truth.gets, "once by the first look-up, once by this test");
        });
    }

    @Test
    void aReplacedRecorderReplacesTheCachedOne() throws Exception {
        onNewThread(() -> {
            CountedRecorders truth = new CountedRecorders();
            ThreadRecorder first = CurrentRecorders.get(truth);
            ThreadRecorder second = new ThreadRecorder(2, Thread.currentThread(), null, Long.MAX_VALUE, null);
            truth.set(second);
            CurrentRecorders.replaced(second);
            assertSame(second, CurrentRecorders.get(truth));
            assertNotSame(first, second);
        });
    }

    @Test
    void aThreadWhoseSlotAnotherRunningThreadHoldsGetsItsOwnRecorder() throws Exception {
        onNewThread(() -> {
            CountedRecorders truth = new CountedRecorders();
            ThreadRecorder holder = CurrentRecorders.get(truth);
            Thread colliding = threadInSameSlot(Thread.currentThread(), () -> {
                ThreadRecorder own = CurrentRecorders.get(truth);
                assertSame(Thread.currentThread(), own.thread);
                assertSame(own, CurrentRecorders.get(truth));
            });
            run(colliding);
            assertEquals(3, truth.gets, "the holder once, the colliding thread at each of its two look-ups");
            assertSame(holder, CurrentRecorders.get(truth));
            assertEquals(3, truth.gets, "the holder kept its slot");
        });
    }

    @Test
    void aSlotWhoseThreadEndedIsTakenOver() throws Exception {
        CountedRecorders truth = new CountedRecorders();
        Thread ended = new Thread(() -> CurrentRecorders.get(truth));
        Thread next = threadInSameSlot(ended, () -> {
            ThreadRecorder own = CurrentRecorders.get(truth);
            int gets = truth.gets;
            assertSame(own, CurrentRecorders.get(truth));
            assertEquals(gets, truth.gets, "the second look-up was answered by the slot");
        });
        run(ended);
        run(next);
    }

    @Test
    void anEndedThreadsRecorderLeavesItsSlot() throws Exception {
        CountedRecorders truth = new CountedRecorders();
        AtomicReference<ThreadRecorder> recorder = new AtomicReference<>();
        Thread ended = new Thread(() -> recorder.set(CurrentRecorders.get(truth)));
        run(ended);
        CurrentRecorders.ended(recorder.get());
        Thread next = threadInSameSlot(ended, () -> {
            CurrentRecorders.get(truth);
            int gets = truth.gets;
            CurrentRecorders.get(truth);
            assertEquals(gets, truth.gets, "the emptied slot was taken");
        });
        run(next);
    }

    @Test
    void aStandInIsNeverCached() throws Exception {
        onNewThread(() -> {
            CountedRecorders truth = new CountedRecorders();
            ThreadRecorder standIn = ThreadRecorder.standingInWhileNamed(Thread.currentThread());
            truth.set(standIn);
            assertSame(standIn, CurrentRecorders.get(truth));
            ThreadRecorder named = new ThreadRecorder(3, Thread.currentThread(), null, Long.MAX_VALUE, null);
            truth.set(named);
            assertSame(named, CurrentRecorders.get(truth), "the stand-in was not kept in the slot");
        });
    }

    /** A new, unstarted thread whose id shares {@code other}'s slot. */
    private static Thread threadInSameSlot(Thread other, Runnable body) {
        long slot = other.getId() % SLOTS;
        for (int i = 0; i < 2 * SLOTS; i++) {
            Thread candidate = new Thread(body);
            if (candidate.getId() % SLOTS == slot) {
                return candidate;
            }
        }
        throw new AssertionError("no thread id in slot " + slot);
    }

    /** Runs {@code body} on a new thread, to its end; an assertion it failed fails the caller. */
    private static void onNewThread(Runnable body) throws Exception {
        run(new Thread(body));
    }

    private static void run(Thread thread) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        thread.setUncaughtExceptionHandler((t, e) -> failure.set(e));
        thread.start();
        try {
            thread.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        if (failure.get() instanceof AssertionError error) {
            throw error;
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }
}
