package org.profq.recording;

import java.util.List;

/**
 * One event of a recording, with the call nesting the reader rebuilt. Ids are
 * {@code threadId * 10^12 + sequence within the thread}; 0 means "none".
 */
public sealed interface RecordedEvent permits RecordedEvent.CallEntry, RecordedEvent.CallExit, RecordedEvent.Allocation,
        RecordedEvent.Death, RecordedEvent.Thrown, RecordedEvent.Use, RecordedEvent.Parameter, RecordedEvent.Followed,
        RecordedEvent.FieldWrite, RecordedEvent.ReferenceField, RecordedEvent.CpuTime, RecordedEvent.UserEvent {
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
     * the collector's reference processing). {@code kind} says whether it was found dead during
     * the run or still followed at the end ({@code timeNanos} is then the end, an upper bound),
     * and what the final collection at exit told of it. {@code threadId} is the thread that
     * observed it.
     */
    record Death(int threadId, long objectId, long timeNanos, DeathKind kind) implements RecordedEvent {
        /** Whether its death was not seen before the end ({@link DeathKind#atExit}). */
        public boolean atExit() {
            return kind.atExit();
        }
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

    /**
     * A parameter of call {@code callId} of the value-profiled method {@code methodId}: position 0
     * is an instance method's receiver, 1 its first argument.
     *
     * @param kind what it was
     * @param primitiveType for a primitive or its box, its type ({@code RecordingFormat.VALUE_INT},
     *                      ..., with {@code VALUE_BOXED} for a box); 0 otherwise
     * @param classId the runtime class of an enum constant, object or array; 0 otherwise
     * @param value a primitive's value (see {@link ValueKind#primitiveText}), a string's 64-bit
     *              content hash, an enum constant's id ({@link Recording#constant}); 0 otherwise
     * @param length a string's length; -1 otherwise
     * @param objectId an object's or array's id; 0 otherwise
     * @param stamp an object's stamp: the global write sequence of the latest field write to it
     *              (0: none seen since it was first followed); 0 otherwise
     * @param writeSeq the global write sequence when the call started: writes numbered up to it came before it
     */
    record Parameter(int threadId, long callId, int methodId, int position, ValueKind kind, int primitiveType, int classId,
                     long value, int length, long objectId, long stamp, long writeSeq, long timeNanos) implements RecordedEvent {
    }

    /**
     * The value profiler follows object {@code objectId} of class {@code classId} from now on: it
     * was reached from a parameter, or written into a followed object. Not {@code seenInto}: some
     * writes to it cannot be seen (a JDK or unwoven class, an array, or beyond a walk's budget),
     * so equality over it is undecidable. {@code callId} is the call it was reached in.
     */
    record Followed(int threadId, long callId, long objectId, int classId, boolean seenInto, long timeNanos)
            implements RecordedEvent {
    }

    /**
     * Woven code wrote field {@code fieldId} of followed object {@code objectId}, the
     * {@code writeSeq}th such write of the run; {@code valueObjectId} is the followed object it
     * wrote into a reference field (0 for null, primitives and immutable values: strings, boxes,
     * enums). {@code writeSeq} 0 is no write but the value the field held when the object was first
     * followed: its graph's edge from then on.
     */
    record FieldWrite(int threadId, long callId, long objectId, int fieldId, long writeSeq, long valueObjectId,
                      long timeNanos) implements RecordedEvent {
    }

    /**
     * A call of value-profiled method {@code methodId}, or a call inside one, read field
     * {@code fieldId} (in call {@code callId}): the field is in the method's reference field set.
     * Each method and field is recorded once, the first time.
     */
    record ReferenceField(int threadId, long callId, int methodId, int fieldId, long timeNanos) implements RecordedEvent {
    }

    /**
     * CPU time the thread used, read by the recorder about {@code timeNanos} and charged to the call
     * running then ({@code callId}, 0: none): see {@code calls.cpu_ns}.
     */
    record CpuTime(int threadId, long callId, long cpuNanos, long timeNanos) implements RecordedEvent {
    }

    /** A user-defined event ({@code Profq.event}) of type {@code eventTypeId}, emitted in call {@code callId}. */
    record UserEvent(int threadId, long callId, int eventTypeId, long timeNanos, List<UserValue> values)
            implements RecordedEvent {
    }

    /**
     * A value of a user event's column, raw: a long, a double's bits, 1 or 0, or a string's id;
     * {@link Recording#userEventValue} gives it as Long, Double, Boolean or String.
     */
    record UserValue(int columnId, long raw) {
    }
}
