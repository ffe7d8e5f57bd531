package org.profq.event;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The advice's way to the current thread's {@link ThreadRecorder}: a table indexed by the thread's
 * id, where finding it is the thread id's load, one array load and one compare. A
 * {@code ThreadLocal.get()} walks the thread's map instead (map, table, entry, weak referent,
 * value), and on a recorded call, which reaches its thread twice, that walk was the largest
 * single part of the recorder's time.
 *
 * <p>The thread-local stays the truth: a slot only caches what it holds. A thread whose slot is
 * empty, or held by another running thread whose id collides with its own modulo the table's
 * size, asks the thread-local, and takes the slot when it is free or its holder has ended. A
 * recorder that stands in while its thread is being named is never cached
 * ({@link ThreadRecorder#standsIn}). The thread's id is read from its {@code tid} field, not
 * through {@code Thread.getId()}, which a subclass may override with code of the program's.
 * Where the field cannot be read, every look-up asks the thread-local.
 *
 * <p>Slots are written with compare-and-set, by the thread they are for (or by the clock thread
 * clearing an ended thread's); a thread reads its slot with a plain load. Seeing another thread's
 * recorder there is harmless: its {@code thread} is final, so the compare sees the right thread
 * and fails.
 */
final class CurrentRecorders {
    /** A power of two; thread ids are handed out in sequence, so live threads rarely collide. */
    private static final int SLOTS = 1 << 12;
    private static final ThreadRecorder[] BY_THREAD_ID = new ThreadRecorder[SLOTS];
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(ThreadRecorder[].class);
    /** {@code Thread.tid}; null where java.lang is not open to profq (then the table is not used). */
    private static final VarHandle THREAD_ID = threadIdField();

    /** The current thread's recorder: from its slot, or from {@code truth} (which then fills the slot). */
    static ThreadRecorder get(ThreadLocal<ThreadRecorder> truth) {
        if (THREAD_ID == null) {
            return truth.get().active();
        }
        Thread thread = Thread.currentThread();
        ThreadRecorder cached = BY_THREAD_ID[slot(thread)];
        if (cached != null && cached.thread == thread) {
            return cached.active();
        }
        ThreadRecorder recorder = truth.get();
        cache(recorder);
        return recorder.active();
    }

    /** After the current thread's recorder was replaced in the thread-local: the slot follows. */
    static void replaced(ThreadRecorder recorder) {
        if (THREAD_ID != null) {
            cache(recorder);
        }
    }

    /** An ended thread's recorder leaves its slot (on the clock thread), so that it is not kept reachable by it. */
    static void ended(ThreadRecorder recorder) {
        if (THREAD_ID != null) {
            SLOT.compareAndSet(BY_THREAD_ID, slot(recorder.thread), recorder, (ThreadRecorder) null);
        }
    }

    /** Puts the current thread's {@code recorder} in its slot, if the slot is free, its own, or its holder has ended. */
    private static void cache(ThreadRecorder recorder) {
        if (recorder.standsIn()) {
            return;
        }
        int slot = slot(recorder.thread);
        ThreadRecorder holder = (ThreadRecorder) SLOT.getVolatile(BY_THREAD_ID, slot);
        if (holder == null || holder.thread == recorder.thread || !holder.thread.isAlive()) {
            SLOT.compareAndSet(BY_THREAD_ID, slot, holder, recorder); // lost to another thread: it asks the thread-local
        }
    }

    private static int slot(Thread thread) {
        return (int) (long) THREAD_ID.get(thread) & (SLOTS - 1);
    }

    private static VarHandle threadIdField() {
        try {
            return MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup()).findVarHandle(Thread.class, "tid", long.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError notOpen) {
            return null;
        }
    }

    /** Whether look-ups go through the table (java.lang is open to profq); false: through the thread-local alone. */
    static boolean usesTable() {
        return THREAD_ID != null;
    }

    private CurrentRecorders() {
    }
}
