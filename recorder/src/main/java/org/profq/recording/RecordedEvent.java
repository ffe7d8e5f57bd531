package org.profq.recording;

/**
 * One event of a recording, with the call nesting the reader rebuilt. Ids are
 * {@code threadId * 10^12 + sequence within the thread}; 0 means "none".
 */
public sealed interface RecordedEvent permits RecordedEvent.CallEntry, RecordedEvent.CallExit, RecordedEvent.Allocation {
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
     */
    record Allocation(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos,
                      long sizeBytes, int arrayLength) implements RecordedEvent {
    }
}
