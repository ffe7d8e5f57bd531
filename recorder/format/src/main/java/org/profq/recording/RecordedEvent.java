package org.profq.recording;

/**
 * One event of a recording, with the call nesting the reader rebuilt. Ids are
 * {@code threadId * 10^12 + sequence within the thread}; 0 means "none".
 */
public sealed interface RecordedEvent permits RecordedEvent.CallEntry, RecordedEvent.CallExit, RecordedEvent.Allocation,
        RecordedEvent.Death, RecordedEvent.Thrown, RecordedEvent.Use {
    int threadId();

    /** ns since the recording started. */
    long timeNanos();

    /** A method or constructor started; {@code depth} 0 is a thread's outermost recorded call. */
    record CallEntry(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos)
            implements RecordedEvent {
    }

    /** The innermost open call, entered at {@code startNanos}, ended: returned, or {@code threw}. */
    record CallExit(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                    long timeNanos, boolean threw) implements RecordedEvent {
    }

    /**
     * An object or array was created inside call {@code callId} (0: outside any recorded call).
     *
     * @param arrayLength the (outermost) length for arrays, -1 for objects
     * @param sizeBytes shallow size; for a multi-dimensional creation, of every array it made
     * @param tracked whether the object is followed to its death (every {@code track}th allocation)
     */
    record Allocation(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                      long sizeBytes, int arrayLength, boolean tracked) implements RecordedEvent {
    }

    /**
     * A tracked object died: the collector had reclaimed it by {@code timeNanos} (when the
     * recorder's reaper thread saw its phantom reference enqueued, which lags the collection by
     * the collector's reference processing). {@code atExit}: still alive when the recording
     * ended; {@code timeNanos} is then the end. {@code threadId} is the thread that observed it.
     */
    record Death(int threadId, long objectId, long timeNanos, boolean atExit) implements RecordedEvent {
    }

    /**
     * An exception of class {@code classId} thrown in call {@code callId} (where it was first
     * seen: thrown out of that call, or caught in it), at {@code line} of its method (0 if unknown).
     */
    record Thrown(int threadId, long callId, int classId, int line, long timeNanos) implements RecordedEvent {
    }

    /**
     * A tracked object was used in call {@code callId}: its instance field {@code memberId} read
     * ({@link UseKind#GET}) or written ({@link UseKind#SET}), or its instance method
     * {@code memberId} called ({@link UseKind#CALL}), by woven code.
     */
    record Use(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos)
            implements RecordedEvent {
    }
}
