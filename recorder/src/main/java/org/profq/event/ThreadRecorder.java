package org.profq.event;

import static org.profq.event.RecordingFormat.*;

import org.profq.log.EventLog;

/**
 * One thread's event buffer and encoder: the hot path.
 *
 * <p>Only the owning thread appends. Each event is a tag byte, a varint time delta when the
 * clock moved, and its varint fields, written into a reused array: no allocation, no lock,
 * no clock call beyond {@link Clock#now}. A full buffer, or one older than
 * {@link #FLUSH_INTERVAL_NANOS}, becomes one batch document in the log.
 */
final class ThreadRecorder {
    private static final int CAPACITY = 32 * 1024;
    /** Room for the largest event (tag, delta, three varints). */
    private static final int FLUSH_AT = CAPACITY - 48;
    /** A batch is written at the latest this long after it started, so live readers see it. */
    static final long FLUSH_INTERVAL_NANOS = 1_000_000_000L;

    final int threadId;
    final Thread thread;
    private final EventLog log;
    private final byte[] events = new byte[CAPACITY];
    private final DocumentWriter batchHeader = new DocumentWriter();
    private final DocumentChecksums checksums = new DocumentChecksums();

    private int position;
    private int eventCount;
    private long lastNanos;
    private long batchBaseNanos;
    private long batchSequence;
    private long callSequence;
    private long objectSequence;
    private long batchFirstCall;
    private long batchFirstObject;

    private int untilTracked = 1;
    /** Identity hash of the last exception recorded: not the exception itself, which would stay reachable. */
    private int lastThrownIdentity;

    private long eventsWritten;
    private long eventsLost;

    ThreadRecorder(int threadId, Thread thread, EventLog log) {
        this.threadId = threadId;
        this.thread = thread;
        this.log = log;
        this.lastNanos = Clock.now();
        this.batchBaseNanos = lastNanos;
    }

    void enter(int methodId) {
        int p = begin(EV_ENTER);
        position = Varint.put(events, p, methodId);
        callSequence++;
    }

    void exit(boolean threw) {
        position = begin(threw ? EV_EXIT_THREW : EV_EXIT);
    }

    /** An object allocation; returns its object id. */
    long allocation(int siteId, boolean tracked) {
        int p = begin(tracked ? EV_ALLOC_TRACKED : EV_ALLOC);
        position = Varint.put(events, p, siteId);
        return threadId * ID_STRIDE + ++objectSequence;
    }

    /** An array creation; returns its object id. */
    long arrayAllocation(int siteId, int length, long sizeBytes, boolean tracked) {
        int p = begin(tracked ? EV_ALLOC_ARRAY_TRACKED : EV_ALLOC_ARRAY);
        p = Varint.put(events, p, siteId);
        p = Varint.put(events, p, length);
        position = Varint.put(events, p, sizeBytes);
        return threadId * ID_STRIDE + ++objectSequence;
    }

    void death(long objectId, boolean atExit) {
        int p = begin(atExit ? EV_DEATH_AT_EXIT : EV_DEATH);
        position = Varint.put(events, p, objectId);
    }

    /** A use ({@code EV_USE_GET}, {@code _SET} or {@code _CALL}) of a tracked object, by its field or method id. */
    void use(int kind, long objectId, int memberId) {
        int p = begin(kind);
        p = Varint.put(events, p, objectId);
        position = Varint.put(events, p, memberId);
    }

    void thrown(int classId, int line) {
        int p = begin(EV_THROW);
        p = Varint.put(events, p, classId);
        position = Varint.put(events, p, line);
    }

    /** Counts allocations down to the next tracked one: every {@code period}th is tracked. */
    boolean tracksNext(int period) {
        if (--untilTracked > 0) {
            return false;
        }
        untilTracked = period;
        return true;
    }

    /** Whether {@code thrown} is the exception this thread last recorded (it is passing through frames). */
    boolean isLastThrown(Throwable thrown) {
        int identity = System.identityHashCode(thrown);
        if (identity == lastThrownIdentity) {
            return true;
        }
        lastThrownIdentity = identity;
        return false;
    }

    /** Writes the tag and time delta of a new event; returns where its fields go. */
    private int begin(int kind) {
        long now = Clock.now();
        long delta = now - lastNanos;
        // The batch can only have aged when the clock moved: with the tick clock, rarely.
        if (position >= FLUSH_AT || (delta != 0 && now - batchBaseNanos >= FLUSH_INTERVAL_NANOS)) {
            flush();
        }
        eventCount++;
        int p = position;
        if (delta == 0) {
            events[p++] = (byte) kind;
            return p;
        }
        events[p++] = (byte) (kind | TIME_CHANGED);
        lastNanos = now;
        return Varint.put(events, p, delta);
    }

    /** Writes the pending events as one batch; counts them lost if the log will not take them. */
    void flush() {
        if (eventCount > 0) {
            batchHeader.start(DOC_BATCH)
                    .putVarint(threadId)
                    .putVarint(batchSequence)
                    .putVarint(batchBaseNanos)
                    .putVarint(batchFirstCall)
                    .putVarint(batchFirstObject)
                    .putVarint(eventCount)
                    .putVarint(lastNanos);
            batchHeader.putInt32(checksums.batch(batchHeader.bytes(), batchHeader.length(), events, position));
            if (log.write(batchHeader.bytes(), batchHeader.length(), events, 0, position)) {
                eventsWritten += eventCount;
            } else {
                eventsLost += eventCount;
            }
            batchSequence++;
        }
        position = 0;
        eventCount = 0;
        batchBaseNanos = lastNanos;
        batchFirstCall = callSequence;
        batchFirstObject = objectSequence;
    }

    long eventsWritten() {
        return eventsWritten;
    }

    long eventsLost() {
        return eventsLost;
    }
}
