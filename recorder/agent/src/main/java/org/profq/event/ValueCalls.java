package org.profq.event;

import static org.profq.format.RecordingFormat.FOLLOWED_ID_OFFSET;
import static org.profq.format.RecordingFormat.ID_STRIDE;

import java.util.Arrays;

/**
 * One thread's value-profiling state ({@link ValueProfiler}): the chosen calls running on it,
 * innermost last, scratch for a call's parameters, reused rather than allocated per call, and the
 * ids of the objects it is the first to follow.
 */
final class ValueCalls {
    private final int threadId;
    private long followedSequence;
    private int[] methods = new int[8];
    private int depth;
    /** Set while the thread records a call's parameters: a chosen call its work runs is not the program's. */
    boolean recording;
    private long[] ids = new long[8];
    private long[] stamps = new long[8];

    ValueCalls(int threadId) {
        this.threadId = threadId;
    }

    void push(int methodId) {
        if (depth == methods.length) {
            methods = Arrays.copyOf(methods, depth * 2);
        }
        methods[depth++] = methodId;
    }

    /** False if no chosen call was running (its start was not seen). */
    boolean pop() {
        if (depth == 0) {
            return false;
        }
        depth--;
        return true;
    }

    int depth() {
        return depth;
    }

    /** The method of the chosen call at {@code level} (0: the outermost running). */
    int method(int level) {
        return methods[level];
    }

    /** Scratch for a call's parameters' object ids. */
    long[] ids(int positions) {
        if (ids.length < positions) {
            ids = new long[positions];
            stamps = new long[positions];
        }
        return ids;
    }

    /** Scratch for a call's parameters' stamps, as long as {@link #ids}. */
    long[] stamps(int positions) {
        ids(positions);
        return stamps;
    }

    /** The id of an object this thread is the first to follow that has no allocation id. */
    long nextFollowedId() {
        return threadId * ID_STRIDE + FOLLOWED_ID_OFFSET + ++followedSequence;
    }
}
