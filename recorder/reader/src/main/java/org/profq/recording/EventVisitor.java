package org.profq.recording;

/**
 * Receives a recording's events as plain values, one call per event, with the call nesting the
 * reader rebuilt: no object per event. For consumers of hundreds of millions of events, such as
 * a query engine building its index; {@link RecordedEvent} carries the same fields, one record
 * per event, for everyone else. Ids are {@code threadId * 10^12 + sequence within the thread};
 * 0 means "none"; times are ns since the recording started.
 *
 * @see EventReader#visitNextBatch(EventVisitor)
 */
public interface EventVisitor {
    /** As {@link RecordedEvent.CallEntry}. */
    void callEntered(int threadId, long callId, long parentCallId, int depth, int methodId, long timeNanos);

    /** As {@link RecordedEvent.CallExit}. */
    void callExited(int threadId, long callId, long parentCallId, int depth, int methodId, long startNanos,
                    long timeNanos, boolean threw);

    /** As {@link RecordedEvent.Allocation}. */
    void allocated(int threadId, long objectId, long callId, int siteId, int classId, long timeNanos, long sizeBytes,
                   int arrayLength, boolean tracked);

    /** As {@link RecordedEvent.Death}. */
    void died(int threadId, long objectId, long timeNanos, DeathKind kind);

    /** As {@link RecordedEvent.Thrown}. */
    void thrown(int threadId, long callId, int classId, int line, long timeNanos);

    /** As {@link RecordedEvent.Use}. */
    void used(int threadId, long objectId, long callId, UseKind kind, int memberId, long timeNanos);

    /**
     * CPU time the thread used, read by the recorder about when {@code timeNanos} and charged to the
     * innermost open call {@code callId} (0: none), which was running then. Ignored unless a visitor wants it.
     */
    default void cpuUsed(int threadId, long callId, long cpuNanos, long timeNanos) {
    }

    /** As {@link RecordedEvent.Parameter}. Value events are ignored unless a visitor wants them. */
    default void parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType,
                           int classId, long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) {
    }

    /** As {@link RecordedEvent.Followed}. */
    default void followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos) {
    }

    /** As {@link RecordedEvent.FieldWrite}. */
    default void fieldWritten(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                              long timeNanos) {
    }

    /** As {@link RecordedEvent.ReferenceField}. */
    default void referenceFieldRead(int threadId, long callId, int methodId, int fieldId, long timeNanos) {
    }

    /**
     * As {@link RecordedEvent.UserEvent}: a user-defined event of type {@code eventTypeId} in call
     * {@code callId}, with {@code valueCount} values, the first {@code valueCount} of
     * {@code columnIds} and {@code values} (arrays the decoder reuses: read them now). A value is
     * raw as {@link RecordedEvent.UserValue} says.
     */
    default void userEvent(int threadId, long callId, int eventTypeId, long timeNanos, int valueCount, int[] columnIds,
                           long[] values) {
    }
}
